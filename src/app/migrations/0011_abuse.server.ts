import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Issue 19 (abuse): sign-in throttling by address and by account+address instead of a global
// account lock; auto-replies to visitors counted per address per day.
const up = [
  // The global lock (5 failures → 15 min for everyone) was a denial of service and an oracle.
  `alter table admin_users drop column failed_attempts`,
  `alter table admin_users drop column locked_until`,
  // One row per client address ('ip:<address>') and per e-mail+address pair
  // ('pair:<e-mail> <address>'), known e-mail or not, so both answer alike.
  `create table sign_in_throttle (
     key text primary key,
     failures integer not null default 0,
     blocked_until timestamptz,
     updated_at timestamptz not null default now()
   )`,
  `create index sign_in_throttle_updated_at_idx on sign_in_throttle (updated_at)`,
  // Mail to a visitor's unconfirmed address, sent automatically after a form.
  `alter table mail_outbox add column auto_reply boolean not null default false`,
  `create index mail_outbox_auto_reply_idx on mail_outbox (lower(to_address), created_at) where auto_reply`,
];

export const abuse: Migration = {
  up: (db) => runStatements(db, up),
};
