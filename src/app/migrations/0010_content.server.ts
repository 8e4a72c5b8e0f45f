import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Content the organisers edit (decision 0012): one document per content type, with its
// draft and its published version; every publish kept; uploaded photos with their sizes.
const up = [
  `create table content_documents (
     type text primary key,
     draft jsonb not null,
     draft_version integer not null default 1,
     draft_saved_at timestamptz not null default now(),
     draft_saved_by text,
     published jsonb not null,
     published_version integer not null default 1,
     published_at timestamptz not null default now(),
     published_by text
   )`,
  `create table content_versions (
     type text not null references content_documents (type) on delete cascade,
     version integer not null,
     data jsonb not null,
     published_at timestamptz not null default now(),
     published_by text,
     primary key (type, version)
   )`,
  `create table media (
     id uuid primary key default gen_random_uuid(),
     sha256 text not null unique,
     original_name text not null,
     width integer not null,
     height integer not null,
     uploaded_by text,
     created_at timestamptz not null default now()
   )`,
  `create table media_variants (
     media_id uuid not null references media (id) on delete cascade,
     name text not null,
     width integer not null,
     height integer not null,
     bytes bytea not null,
     primary key (media_id, name)
   )`,
];

export const content: Migration = {
  up: (db) => runStatements(db, up),
};
