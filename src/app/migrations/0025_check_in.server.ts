import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Check-in at the campsite (issue 33):
// - one arrival per registration (the primary key: two phones ticking the same party make
//   one row, the first to reach the server), with what actually arrived, when it was ticked,
//   and who ticked it (an admin, or a check-in link); deleted with its registration;
// - check-in links an admin hands to a volunteer: only the token's hash, an expiry, revocable;
// - e-mails may carry inline images (the QR code in a confirmation), sent as CID attachments.
const up = [
  `create table check_in_links (
     id uuid primary key default gen_random_uuid(),
     token_hash text not null unique,
     label text not null,
     created_by uuid references admin_users(id) on delete set null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     revoked_at timestamptz
   )`,
  `create table check_ins (
     registration_id uuid primary key references registrations(id) on delete cascade,
     adults integer not null check (adults between 0 and 30),
     children integer not null check (children between 0 and 30),
     tents integer not null check (tents between 0 and 30),
     arrived_at timestamptz not null,
     recorded_at timestamptz not null default now(),
     by_admin_id uuid references admin_users(id) on delete set null,
     by_link_id uuid references check_in_links(id) on delete set null,
     by_label text not null
   )`,
  `alter table mail_outbox add column attachments jsonb`,
];

export const checkIn: Migration = {
  up: (db) => runStatements(db, up),
};
