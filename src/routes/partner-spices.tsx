import { PartnerSpicesPage } from '~/features/partner/PartnerSpicesPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerSpicesPage;
