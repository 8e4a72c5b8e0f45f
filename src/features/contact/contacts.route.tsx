import { ContactsPage } from './ContactsPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('contacts');

export default ContactsPage;
