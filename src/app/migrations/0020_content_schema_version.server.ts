import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Content documents carry the version of their type's shape (issue 30): a release that changes
// a shape ships a content migration (platform/content/upgrade.server.ts), and every start brings
// older documents — draft, published and every kept version — up to it. Everything stored so far
// is in the first shape.
const up = [`alter table content_documents add column schema_version integer not null default 1`];

export const contentSchemaVersion: Migration = {
  up: (db) => runStatements(db, up),
};
