import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Messages to participants (issue 32): an organiser's message in both languages to one group
// of an edition's registrations, and who it went to. A recipient row names no one: it links a
// registration (erased with it, on delete cascade) to the outbox mail it was handed to; the
// mail itself is in the outbox, related to the registration (found, exported and erased with
// it). One row per message and registration: a retry, a double click or a second organiser
// can never queue a second mail for one person.
const up = [
  `create table participant_messages (
     id uuid primary key default gen_random_uuid(),
     edition integer,
     audience text not null check (audience in ('confirmed', 'registered', 'waiting', 'camping')),
     subject_lt text not null,
     subject_en text not null,
     body_lt text not null,
     body_en text not null,
     status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
     created_by uuid references admin_users(id) on delete set null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     send_key text,
     sent_by uuid references admin_users(id) on delete set null,
     send_started_at timestamptz,
     queued_at timestamptz,
     recipient_count integer not null default 0
   )`,
  `create index participant_messages_edition_idx on participant_messages (edition, created_at desc)`,
  `create table participant_message_recipients (
     message_id uuid not null references participant_messages(id) on delete cascade,
     registration_id uuid not null references registrations(id) on delete cascade,
     language text not null,
     outbox_id uuid,
     queued_at timestamptz,
     primary key (message_id, registration_id)
   )`,
  `create index participant_message_recipients_waiting_idx
     on participant_message_recipients (message_id) where queued_at is null`,
  `create index participant_message_recipients_registration_idx
     on participant_message_recipients (registration_id)`,
];

export const participantMessages: Migration = {
  up: (db) => runStatements(db, up),
};
