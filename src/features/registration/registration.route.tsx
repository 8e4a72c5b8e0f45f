import { RegistrationPage } from './RegistrationPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('registration', 'forms');

export default RegistrationPage;
