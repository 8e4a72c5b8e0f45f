import { SafetyPage } from '~/features/safety/SafetyPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('safety');

export default SafetyPage;
