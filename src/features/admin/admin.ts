import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';
import { OUTBOX_STATUSES } from '~/platform/mail/statuses';

// The admin area's own records: the e-mail outbox and the audit log; and its sign-in API.

export const ADMIN_AUTH_ENDPOINTS = {
  setup: endpoint('/api/admin/setup'),
  login: endpoint('/api/admin/login'),
  me: endpoint('/api/admin/me'),
};

export const OUTBOX_ENDPOINTS = {
  mail: endpoint('/api/admin/outbox/:id'),
  /** Send one mail again (failed, or still waiting: due now). */
  retry: endpoint('/api/admin/outbox/:id/retry'),
  /** Send every failed mail again. */
  retryFailed: endpoint('/api/admin/outbox/retry-failed'),
  /** Mail held after a restore or a copy (owners): send the queue as it is, or mark it failed. */
  releaseHeld: endpoint('/api/admin/outbox/held/release'),
  discardHeld: endpoint('/api/admin/outbox/held/discard'),
};

export const OUTBOX_LIST: AdminListDefinition = {
  name: 'outbox',
  filters: OUTBOX_STATUSES,
  filterGroup: 'outboxStatus',
};

/** What a change was made to (the audit list's filter). */
export const AUDIT_ENTITIES = [
  'order',
  'registration',
  'contact',
  'membership',
  'sponsor_application',
  'content',
  'media',
  'admin',
  'mail',
  'admin_invitation',
  'backup',
  'privacy',
  'retention',
  'check_in_link',
  'participant_message',
  'edition',
  'rota',
] as const;

export const AUDIT_LIST: AdminListDefinition = {
  name: 'audit',
  filters: AUDIT_ENTITIES,
  filterGroup: 'entity',
};

export interface OutboxRow {
  id: string;
  template: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxMail extends OutboxRow {
  reply_to: string | null;
  text_body: string;
  html_body: string;
}

export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown> | null;
  created_at: string;
}
