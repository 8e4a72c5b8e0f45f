import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Erasure on the embedded database (issue 28, finding 1): the erasing transaction records
// which tables it touched; src/platform/db/scrub.server.ts rewrites them and drops the old
// WAL afterwards, and deletes the rows once done. A row left behind (the process stopped
// before the scrub finished) is scrubbed at the next start. Only table names, no personal data.
const up = [
  `create table scrub_pending (
     id bigint generated always as identity primary key,
     table_name text not null,
     marked_at timestamptz not null default now()
   )`,
];

export const erasureScrub: Migration = {
  up: (db) => runStatements(db, up),
};
