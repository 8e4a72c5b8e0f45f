import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// The volunteer rota (issue 47, features/rota): an edition's tasks, named in both languages,
// their time slots with the number of helpers each needs, and who helps in each (a
// registration: erased with it). One registration helps in a slot once.
const up = [
  `create table rota_tasks (
     id uuid primary key default gen_random_uuid(),
     edition integer not null,
     title_lt text not null,
     title_en text not null,
     created_at timestamptz not null default now()
   )`,
  `create index rota_tasks_edition_idx on rota_tasks (edition)`,
  `create table rota_slots (
     id uuid primary key default gen_random_uuid(),
     task_id uuid not null references rota_tasks (id) on delete cascade,
     starts_at timestamptz not null,
     ends_at timestamptz not null,
     helpers integer not null check (helpers between 1 and 50),
     check (ends_at > starts_at)
   )`,
  `create index rota_slots_task_idx on rota_slots (task_id)`,
  `create table rota_helpers (
     id uuid primary key default gen_random_uuid(),
     slot_id uuid not null references rota_slots (id) on delete cascade,
     registration_id uuid not null references registrations (id) on delete cascade,
     added_by text not null check (added_by in ('organiser', 'participant')),
     created_at timestamptz not null default now(),
     unique (slot_id, registration_id)
   )`,
  `create index rota_helpers_registration_idx on rota_helpers (registration_id)`,
];

export const rota: Migration = {
  up: (db) => runStatements(db, up),
};
