import { RegistrationPage } from '~/features/registration/RegistrationPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('registration', 'forms');

export default RegistrationPage;
