import { BecomeSponsorPage } from '~/features/sponsorship/BecomeSponsorPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('sponsorship');

export default BecomeSponsorPage;
