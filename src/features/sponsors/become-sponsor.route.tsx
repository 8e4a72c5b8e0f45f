import { BecomeSponsorPage } from './BecomeSponsorPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('sponsorship');

export default BecomeSponsorPage;
