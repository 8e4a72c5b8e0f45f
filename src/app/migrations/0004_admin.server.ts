import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Admin area: session look-ups by admin and expiry sweeps; membership statuses the admin
// can set (SPEC: new, paid, resolved).
const up = [
  `create index sessions_admin_user_idx on sessions (admin_user_id)`,
  `create index sessions_expires_at_idx on sessions (expires_at)`,
  `alter table community_memberships
     add constraint community_memberships_status_check check (status in ('new', 'paid', 'resolved'))`,
  `create index community_memberships_created_at_idx on community_memberships (created_at desc)`,
  `create index sponsor_applications_created_at_idx on sponsor_applications (created_at desc)`,
  `create index mail_outbox_created_at_idx on mail_outbox (created_at desc)`,
];

export const admin: Migration = {
  up: (db) => runStatements(db, up),
};
