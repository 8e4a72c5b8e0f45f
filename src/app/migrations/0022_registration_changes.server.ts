import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// What participants (or organisers) changed in a registration, one row per field (issue 32):
// when, the field, its value before and after, and who. Deleted with its registration (erasure,
// retention); `changed_at` beside `confirmed_at` tells "changed since confirmed".
const up = [
  `create table registration_changes (
    id uuid primary key default gen_random_uuid(),
    registration_id uuid not null references registrations(id) on delete cascade,
    changed_at timestamptz not null default now(),
    field text not null,
    before text,
    after text,
    changed_by text not null check (changed_by in ('participant', 'organiser'))
  )`,
  `create index registration_changes_registration on registration_changes (registration_id, changed_at)`,
];

export const registrationChanges: Migration = {
  up: (db) => runStatements(db, up),
};
