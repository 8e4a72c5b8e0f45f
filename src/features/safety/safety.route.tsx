import { SafetyPage } from './SafetyPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('safety');

export default SafetyPage;
