import { PartnerPage } from '~/features/partner/PartnerPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerPage;
