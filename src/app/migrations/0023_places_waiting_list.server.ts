import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Places and a waiting list (issue 32). A registration over the event's limits has status
// 'waiting' from `waitlisted_at` (its place in the line); a freed place is offered to the first
// in line ('offered') until `offer_expires_at`, through a link whose SHA-256 (base64url) is
// `offer_token_hash`. Accepted, it becomes 'new'; not taken in time, 'expired'.
const up = [
  `alter table registrations add column waitlisted_at timestamptz`,
  `alter table registrations add column offer_expires_at timestamptz`,
  `alter table registrations add column offer_token_hash text`,
  `create unique index registrations_offer_token_idx on registrations (offer_token_hash)
     where offer_token_hash is not null`,
  `create index registrations_edition_status_idx on registrations (edition, status)`,
];

export const placesWaitingList: Migration = {
  up: (db) => runStatements(db, up),
};
