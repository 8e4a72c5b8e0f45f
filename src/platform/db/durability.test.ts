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
  }, 180_000); // creating a cluster (initdb) took 81 s on the shared machine at load 41
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

  it('answers a commit only after its WAL fsync, which runs while the thread serves others', async () => {
    const syncs = database.walSyncs!;
    let release!: () => void;
    const disk = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const fsyncStarted = new Promise<void>((resolve) => (started = resolve));
    // The disk "busy": the deferred fsync waits until the test lets it go.
    syncs.beforeBatch = () => {
      started();
      return disk;
    };
    const done = syncs.counts.offThread;
    const answered: string[] = [];
    const insert = sql`insert into durability_probe (label) values ('held')`
      .execute(database.db)
      .then(() => answered.push('insert'));
    const read = sql`select count(*) from durability_probe`
      .execute(database.db)
      .then(() => answered.push('read'));
    await fsyncStarted; // PostgreSQL has committed; its WAL is not yet on the disk
    // The event loop goes on meanwhile (with fsyncSync, fsyncStarted would never come).
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toEqual([]); // neither the writer nor a reader answered before the disk
    expect(syncs.counts.offThread).toBe(done);
    syncs.beforeBatch = undefined;
    release();
    await Promise.all([insert, read]);
    expect(answered).toEqual(['insert', 'read']);
    expect(syncs.counts.offThread).toBeGreaterThan(done);
  });

  it('a checkpoint makes its WAL durable on the thread before it writes the control file', async () => {
    const syncs = database.walSyncs!;
    await sql`insert into durability_probe (label) values ('before checkpoint')`.execute(database.db);
    const drained = syncs.counts.drained;
    await sql`checkpoint`.execute(database.db);
    expect(syncs.counts.drained).toBeGreaterThan(drained);
    expect(syncs.owed).toBe(false);
  });
});
