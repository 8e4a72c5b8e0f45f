import { SponsorShowcasePage } from './SponsorShowcasePage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('sponsors');

export default SponsorShowcasePage;
