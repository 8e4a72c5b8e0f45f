import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// An erasure deletes the e-mails about the records it erases (`related_table`, `related_id`):
// without an index that was a scan of the whole outbox, e-mail bodies and all (17 ms at 2,500
// registrations, on the server's one thread, for every erasure: issue 42). Only an index.
const up = [`create index mail_outbox_related_idx on mail_outbox (related_table, related_id)`];

export const outboxRelatedIndex: Migration = {
  up: (db) => runStatements(db, up),
};
