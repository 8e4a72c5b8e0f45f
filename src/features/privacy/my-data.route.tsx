import { loadRoutePacks } from '~/platform/i18n/i18n';
import { MyDataPage } from './MyDataPage';

// The sender's own validation messages come from their form's pack.
await loadRoutePacks('privacy', 'forms', 'registration', 'contactForm', 'sponsorApplication');

export default MyDataPage;
