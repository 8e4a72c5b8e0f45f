import { RegistrationSuccessPage } from '~/features/registration/RegistrationSuccessPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('registration');

export default RegistrationSuccessPage;
