import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Personal data (issue 14):
// - a registration keeps the consents it was given (the text shown and when) and the end of
//   the event it was for, which starts its retention period;
// - private self-service links: only the token's hash is stored, each link opens one record,
//   expires and can be revoked;
// - the lower-cased e-mail indexes make "everything about one address" a quick search.
const up = [
  `alter table registrations add column consents jsonb not null default '{}'::jsonb`,
  `alter table registrations add column event_ends_at timestamptz`,
  `create table self_service_links (
     token_hash text primary key,
     record_table text not null,
     record_id uuid not null,
     email text not null,
     language text not null default 'lt' check (language in ('lt', 'en')),
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     revoked_at timestamptz
   )`,
  `create index self_service_links_record_idx on self_service_links (record_table, record_id)`,
  `create index self_service_links_email_idx on self_service_links (lower(email))`,
  `create index registrations_email_idx on registrations (lower(email))`,
  `create index contacts_email_idx on contacts (lower(email))`,
  `create index sponsor_applications_email_idx on sponsor_applications (lower(email))`,
  `create index mail_outbox_to_idx on mail_outbox (lower(to_address))`,
];

export const privacy: Migration = {
  up: (db) => runStatements(db, up),
};
