import { PartnerProductsPage } from '~/features/partner/PartnerProductsPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerProductsPage;
