import { PartnerCharcoalPage } from '~/features/partner/PartnerCharcoalPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerCharcoalPage;
