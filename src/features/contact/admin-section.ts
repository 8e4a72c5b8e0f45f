import type { AdminSection } from '~/platform/admin/section';
import { CONTACTS_LIST } from './admin';
import { ContactAdminCard } from './ContactAdminCard';

/** Contact messages in the dashboard: how many are new, and the list. */
export const contactSection: AdminSection = {
  name: 'contact',
  tiles: [{ key: 'new', label: 'stats.newContacts', alert: true }],
  lists: [{ list: CONTACTS_LIST, Row: ContactAdminCard, waiting: 'new' }],
};
