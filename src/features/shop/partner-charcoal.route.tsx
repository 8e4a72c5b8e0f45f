import { PartnerCharcoalPage } from './PartnerCharcoalPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerCharcoalPage;
