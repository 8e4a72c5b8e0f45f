import type { AdminSection } from '~/platform/admin/section';
import { AUDIT_LIST, OUTBOX_LIST } from './admin';
import { AuditAdminCard } from './AuditAdminCard';
import { OutboxAdminCard } from './OutboxAdminCard';

/** The admin area's own lists: the e-mail outbox and the audit log. */
export const adminAreaSection: AdminSection = {
  name: 'admin',
  lists: [
    { list: OUTBOX_LIST, Row: OutboxAdminCard },
    { list: AUDIT_LIST, Row: AuditAdminCard },
  ],
};
