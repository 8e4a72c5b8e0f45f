import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { SERVER_FEATURES } from '~/app/features.server';
import { PLATFORM_PERSONAL_TABLES } from '~/platform/privacy/personal-data.server';

// Issue 29: the privacy tools (search, export, erasure, self-service, retention) know a table
// only because its feature registers it. A table that holds e-mail addresses and is registered
// nowhere would be forgotten by all of them: this fails until its feature registers it.

const SOURCES = SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []);

describe('personal data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.drop());

  it('every table with an e-mail column is registered by its feature, or is one of the platform’s own', async () => {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' and (column_name like '%email%' or column_name in ('to_address', 'reply_to'))
       order by 1, 2`.execute(database.handle.db);
    expect(rows.length).toBeGreaterThan(5);
    const registered = new Set<string>([
      ...SOURCES.map((source) => source.table),
      ...PLATFORM_PERSONAL_TABLES,
    ]);
    const forgotten = rows.filter((row) => !registered.has(row.table));
    expect(forgotten).toEqual([]);
    // And each source names the column that really holds the address.
    for (const source of SOURCES)
      expect(rows, source.table).toContainEqual({ table: source.table, column: source.emailColumn });
  });

  it('would catch a new table nobody registered', async () => {
    await sql`create table probe_newsletter (id uuid primary key, email text not null)`.execute(
      database.handle.db,
    );
    const { rows } = await sql<{ table: string }>`
      select distinct table_name as table from information_schema.columns
       where table_schema = 'public' and column_name like '%email%'`.execute(database.handle.db);
    const registered = new Set<string>([
      ...SOURCES.map((source) => source.table),
      ...PLATFORM_PERSONAL_TABLES,
    ]);
    expect(rows.map((row) => row.table).filter((table) => !registered.has(table))).toEqual([
      'probe_newsletter',
    ]);
  });
});
