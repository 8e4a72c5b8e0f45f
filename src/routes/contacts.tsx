import { ContactsPage } from '~/features/contacts/ContactsPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('contacts');

export default ContactsPage;
