import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Admins invite admins: a one-time invitation per e-mail (only the token's hash is stored),
// expiring, single use, cancelled by hand or replaced by a new invitation to the same address.
const up = [
  `create table admin_invitations (
     id uuid primary key default gen_random_uuid(),
     email text not null,
     first_name text not null,
     language text not null default 'lt' check (language in ('lt', 'en')),
     token_hash text not null unique,
     invited_by uuid references admin_users (id) on delete set null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     accepted_at timestamptz,
     accepted_admin_id uuid references admin_users (id) on delete set null,
     cancelled_at timestamptz,
     check (accepted_at is null or cancelled_at is null)
   )`,
  // At most one open invitation per address.
  `create unique index admin_invitations_open_email_idx on admin_invitations (email)
     where accepted_at is null and cancelled_at is null`,
  `create index admin_invitations_created_at_idx on admin_invitations (created_at desc)`,
];

export const adminTeam: Migration = {
  up: (db) => runStatements(db, up),
};
