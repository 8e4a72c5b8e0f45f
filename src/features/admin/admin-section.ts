import type { AdminSection } from '~/platform/admin/section';
import { AUDIT_LIST, OUTBOX_LIST } from './admin';
import { AuditAdminCard } from './AuditAdminCard';
import { MailNotices } from './MailHealthNotice';
import { OutboxAdminCard } from './OutboxAdminCard';
import { RetryFailedButton } from './RetryFailedButton';

/** The admin area's own lists: the e-mail outbox and the audit log. */
export const adminAreaSection: AdminSection = {
  name: 'admin',
  Summary: MailNotices,
  lists: [
    { list: OUTBOX_LIST, Row: OutboxAdminCard, Toolbar: RetryFailedButton, waiting: 'failedMail' },
    { list: AUDIT_LIST, Row: AuditAdminCard },
  ],
};
