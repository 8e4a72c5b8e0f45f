import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from './client.server';
import type { Database } from './schema';

/**
 * After an erasure, the embedded database's files must not hold what was erased
 * (docs/decisions/0032-erasure-scrubs-the-embedded-database.md). PostgreSQL keeps a deleted
 * row's bytes in its table, TOAST and index pages until they are reused, and in the WAL
 * segment that wrote them; a backup of PGlite is a copy of those files. So an erasing
 * transaction records the tables it touched (`markForScrub`), and once it has committed,
 * `scrubErased` rewrites those tables into new files (VACUUM FULL unlinks the old ones),
 * switches to a new WAL segment and checkpoints, which deletes the old segments (PGlite runs
 * with `wal_recycle=off`, client.server.ts: a recycled segment would keep its old bytes).
 * On PostgreSQL (DATABASE_URL) backups are logical (pg_dump, live rows only): the marks are
 * only cleared.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type ScrubTable = keyof Database;

/** Records, in the erasing transaction, that `tables` hold erased rows until scrubbed. */
export async function markForScrub(db: Db, tables: readonly ScrubTable[]): Promise<void> {
  if (tables.length === 0) return;
  await db
    .insertInto('scrub_pending')
    .values([...new Set(tables)].map((table) => ({ table_name: table })))
    .execute();
}

export interface ScrubReport {
  /** The tables rewritten (none on PostgreSQL, in memory, or when nothing was pending). */
  tables: string[];
  /** WAL segments switched through. */
  walSwitches: number;
  ms: number;
}

/** Segments a scrub may switch through: pre-allocated ones left by recycling before 0032. */
const MAX_WAL_SWITCHES = 64;

const queues = new WeakMap<DatabaseHandle, { running: Promise<unknown>; queued?: Promise<ScrubReport> }>();

/**
 * Scrubs every table marked so far, one scrub at a time per database. A scrub that is queued
 * but not started yet covers every erasure committed before it starts, so callers arriving
 * meanwhile share it. Safe to call when nothing is pending (one small query).
 */
export function scrubErased(database: DatabaseHandle): Promise<ScrubReport> {
  let state = queues.get(database);
  if (!state) queues.set(database, (state = { running: Promise.resolve() }));
  const current = state;
  if (current.queued) return current.queued;
  const queued = current.running.then(() => {
    current.queued = undefined;
    return scrub(database);
  });
  current.queued = queued;
  current.running = queued.catch(() => undefined);
  return queued;
}

async function scrub(database: DatabaseHandle): Promise<ScrubReport> {
  const started = performance.now();
  const { db } = database;
  const pending = await db.selectFrom('scrub_pending').select(['id', 'table_name']).execute();
  if (pending.length === 0) return { tables: [], walSwitches: 0, ms: 0 };
  const last = Math.max(...pending.map((row) => Number(row.id)));
  // Only an embedded database on disk has files to scrub (a memory:// one has no dumpDataDir).
  const onDisk = database.kind === 'pglite' && database.dumpDataDir !== undefined;
  const tables = onDisk ? [...new Set(pending.map((row) => row.table_name))].sort() : [];
  let walSwitches = 0;
  if (onDisk) {
    // Each statement on its own: VACUUM cannot run in a transaction. The dialect runs one
    // statement at a time, so a request's transaction is never interleaved with these.
    for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(db);
    walSwitches = await dropOldWal(db);
  }
  // Cleared only now: a scrub cut short is done again at the next start (prepare.server.ts).
  await db.deleteFrom('scrub_pending').where('id', '<=', last).execute();
  return { tables, walSwitches, ms: Math.round(performance.now() - started) };
}

/**
 * Ends the current WAL segment (its rest is written as zeros) and checkpoints: every older
 * segment, with the erased rows' inserts and page images, is deleted. Segments named after
 * the current one were pre-allocated, or recycled before wal_recycle was off and may hold
 * old records: each is switched into and out of (zeroed) too, then deleted.
 */
async function dropOldWal(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ ahead: number }>`
    select count(*)::int as ahead from pg_ls_waldir()
    where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_insert_lsn())`.execute(db);
  const switches = 1 + Math.min(Number(rows[0]?.ahead ?? 0), MAX_WAL_SWITCHES);
  for (let i = 0; i < switches; i++) {
    await sql`select pg_switch_wal()`.execute(db);
    await sql`checkpoint`.execute(db);
  }
  return switches;
}
