import { SponsorShowcasePage } from '~/features/sponsors/SponsorShowcasePage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('sponsors');

export default SponsorShowcasePage;
