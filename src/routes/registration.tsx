import { RegistrationPage } from '~/features/registration/RegistrationPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('registration');

export default RegistrationPage;
