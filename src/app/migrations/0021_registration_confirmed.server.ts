import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Registrations the organisers confirm (issue 32): when, next to the status ('new' →
// 'confirmed'; 'cancelled' by the participant). Who confirmed is in the audit log.
const up = [`alter table registrations add column confirmed_at timestamptz`];

export const registrationConfirmed: Migration = {
  up: (db) => runStatements(db, up),
};
