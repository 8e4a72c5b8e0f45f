import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.server';

// The embedded database must not only say fsync is on: PostgreSQL's fsync() has to reach
// the disk (PGlite's filesystem layer drops it unless we add it). See durable-nodefs.ts.
describe('embedded database durability', () => {
  let dir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bbq-fsync-'));
    database = await openDatabase({ dataDir: dir });
    // A table of its own: the platform's test names no feature's table.
    await sql`create table durability_probe (id serial primary key, label text not null)`.execute(
      database.db,
    );
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const setting = async (name: 'fsync' | 'wal_sync_method' | 'synchronous_commit') =>
    (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(database.db)).rows[0]![name];

  it('runs PostgreSQL with fsync on, WAL flushed through fsync, synchronous commits', async () => {
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('really fsyncs on every commit, and not on reads', async () => {
    const calls = database.fsyncCalls!;
    for (let i = 0; i < 3; i++) {
      const before = calls();
      await sql`insert into durability_probe (label) values (${`commit ${i}`})`.execute(database.db);
      expect(calls(), `commit ${i}`).toBeGreaterThan(before);
    }
    const before = calls();
    await sql`select * from durability_probe`.execute(database.db);
    expect(calls()).toBe(before);
  });
});
