import { RegistrationSuccessPage } from './RegistrationSuccessPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('registration');

export default RegistrationSuccessPage;
