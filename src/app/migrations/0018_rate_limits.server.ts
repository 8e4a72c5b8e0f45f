import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Rate limits shared by every instance on one PostgreSQL database (issue 28, finding 14b;
// src/platform/http/rate-limit-store.server.ts): one row per route (or group of routes) and
// client address, counting the requests of the current window. Unlogged: the counts are
// worth no WAL write or replica, and a crash that empties the table only forgives a window.
const up = [
  `create unlogged table rate_limits (
     key text primary key,
     count integer not null,
     expires_at timestamptz not null
   )`,
  `create index rate_limits_expires_at_idx on rate_limits (expires_at)`,
];

export const rateLimits: Migration = {
  up: (db) => runStatements(db, up),
};
