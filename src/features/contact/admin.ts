import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';

export const CONTACT_STATUSES = ['new', 'resolved'] as const;

export const CONTACTS_LIST: AdminListDefinition = {
  name: 'contacts',
  filters: CONTACT_STATUSES,
  filterGroup: 'contactStatus',
};

export const CONTACT_ADMIN_ENDPOINTS = {
  resolve: endpoint('/api/admin/contacts/:id/resolve'),
};

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  category: string;
  status: string;
  created_at: string;
  resolved_at: string | null;
}
