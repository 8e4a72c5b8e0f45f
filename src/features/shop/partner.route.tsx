import { PartnerPage } from './PartnerPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('partner');

export default PartnerPage;
