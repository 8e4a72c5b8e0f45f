import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type KyselyPlugin, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import type { DeferredSyncs } from './deferred-syncs.server';
import { durablePGliteOptions, fsyncTree } from './durable-nodefs.server';
import { lockDataDir } from './data-dir-lock.server';

type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** Embedded database on disk only: fsync calls so far (the durability test checks them). */
  fsyncCalls?: () => number;
  /** Embedded database on disk only: its WAL fsyncs, done off the thread (decision 0050). */
  walSyncs?: DeferredSyncs;
  /** Embedded database on disk only: its data directory as a gzipped tarball (backup.server.ts). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; 'memory://' for a throwaway database (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * memory:// only: start from this data directory (a PGlite `dumpDataDir` tarball) instead of
   * an empty cluster. Tests start every database from one migrated copy (tests/helpers).
   */
  loadDataDir?: Blob;
  /** Where lost PostgreSQL connections are reported (default: one line on stderr). */
  onConnectionError?: (error: Error) => void;
}

// Return int8/numeric as JS numbers (counts, sums of pence stay far below 2^53).
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/**
 * PGlite runs each statement on this thread, synchronously, and resolves it without a turn of
 * the event loop: a transaction of ten statements (an erasure) kept every other request, even
 * a page served from memory, waiting for all ten, and an erasure's scrub for all of its own
 * (issue 42). After each statement, requests waiting for the thread are let in; the
 * transaction keeps the one connection meanwhile, so no other statement gets between its own.
 */
const letOthersIn: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return result;
  },
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that does not answer (network partition) fails the request instead of hanging it.
      connectionTimeoutMillis: 10_000,
    });
    // A connection can be cut by the server at any time (restart, failover, admin command).
    // pg reports it as an 'error' event on the client, which kills the process if nobody
    // listens. The pool listens only while a client is idle; a client that is checked out
    // (a request between two queries, a transaction) needs its own listener, for its whole
    // life. The query in flight fails (the request answers 503, see connection-errors), the
    // pool drops the broken client and opens a new one for the next query.
    const report =
      options.onConnectionError ??
      ((error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './data';
  const parsers = { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) };
  let pglite: PGlite;
  let fsyncCalls: (() => number) | undefined;
  let walSyncs: DeferredSyncs | undefined;
  let unlock: () => Promise<void> = async () => undefined;
  if (dataDir.startsWith('memory://')) {
    pglite = await PGlite.create(dataDir, { parsers, loadDataDir: options.loadDataDir });
  } else {
    // One process per folder (DataDirLockedError otherwise): see data-dir-lock.server.ts.
    unlock = await lockDataDir(dataDir);
    try {
      const location = path.resolve(dataDir, 'pglite');
      mkdirSync(location, { recursive: true });
      const created = !existsSync(path.join(location, 'PG_VERSION'));
      // On disk, with a real fsync: a commit is on the disk before the request is answered.
      const durable = durablePGliteOptions(location);
      // Old WAL segments are deleted, not renamed for reuse with their old bytes in them: an
      // erasure's scrub drops the WAL that wrote what it erased (scrub.server.ts, decision 0032).
      const startParams = [...(durable.startParams ?? []), '-c', 'wal_recycle=off'];
      pglite = await PGlite.create({ ...durable, startParams, parsers });
      if (created) fsyncTree(location);
      fsyncCalls = () => durable.fs.fsyncCalls;
      walSyncs = durable.fs.syncs;
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [letOthersIn] });
  const close = async () => {
    await db.destroy();
    await unlock();
  };
  const dumpDataDir = fsyncCalls && (() => pglite.dumpDataDir('gzip'));
  return { db, kind: 'pglite', close, fsyncCalls, walSyncs, dumpDataDir };
}

/**
 * Applies pending migrations (the app's ordered list: they name the features' tables);
 * safe to call on every start (already-applied ones are skipped).
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
