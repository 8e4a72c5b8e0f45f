import { randomBytes } from 'node:crypto';
import { open, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { isDatabaseUp } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { endpoint } from './api';

/** GET: is the site up, its database reachable and writable (for monitoring). */
const HEALTH_ENDPOINT = endpoint('/api/health');

/**
 * Room an embedded database needs beside itself before its disk is reported low (a warning,
 * not an outage): one full copy of the database (the erasure scrub's VACUUM FULL and a backup
 * rewrite it) plus this margin for PostgreSQL's 16 MB log segments. A fixed 64 MB floor, as
 * before, warned only when the site was about to stop (issue 50, item 8).
 */
const DISK_LOW_MARGIN_BYTES = 64 * 1024 * 1024;
const PROBE_FILE_BYTES = 64 * 1024;
/** The database's size is read at most this often: the check is polled, the size grows slowly. */
const DATABASE_SIZE_TTL_MS = 60_000;

/**
 * Why a check answered `degraded` (503), one cause each: the database cannot be reached, it
 * refuses a write, or the disk has no new space for one.
 */
type HealthProblem = 'database_unreachable' | 'database_write_failed' | 'disk_full';
/** What an operator should look at soon while the site still works (200). */
type HealthWarning = 'disk_low';

/**
 * A real write, committed (and on the embedded database fsynced) like every order: a read
 * alone says "ok" while a read-only database refuses every write.
 */
async function rowWrite(db: Kysely<Database>): Promise<boolean> {
  try {
    const value = new Date().toISOString();
    await db
      .insertInto('app_settings')
      .values({ key: 'health_check', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return true;
  } catch {
    return false;
  }
}

const ROLLBACK = new Error('health probe: roll back');

/**
 * PostgreSQL: a write that needs a new page on the database's disk. The row above is
 * rewritten within the page it already has, so it succeeds on a full disk (issue 28,
 * finding 3); a row in a new table must extend a file, as a new order does. The table is
 * never committed; the server's autovacuum clears what its catalog rows leave behind.
 */
async function newSpaceInDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table health_space_probe (filler text)`.execute(trx);
      await sql`insert into health_space_probe values (repeat('x', 100))`.execute(trx);
      throw ROLLBACK;
    });
    return false;
  } catch (error) {
    return error === ROLLBACK;
  }
}

/**
 * The embedded database's folder: a new file written and fsynced (the same disk, the same
 * permissions and quota as PGlite's own files). Not a table as above: PGlite runs no
 * autovacuum, and each rolled-back table left ~5 KB of catalog behind (measured).
 */
async function newSpaceInFolder(dir: string): Promise<boolean> {
  const file = path.join(dir, `.health-probe-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(file, 'w');
    try {
      await handle.write(Buffer.alloc(PROBE_FILE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch {
    return false;
  } finally {
    await rm(file, { force: true });
  }
}

async function freeBytes(dir: string): Promise<number | undefined> {
  try {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

export async function healthRoutes(app: FastifyInstance) {
  let databaseSize: { bytes: number; at: number } | undefined;
  async function databaseBytes(db: Kysely<Database>): Promise<number> {
    if (databaseSize === undefined || Date.now() - databaseSize.at > DATABASE_SIZE_TTL_MS) {
      const { rows } = await sql<{
        bytes: string;
      }>`select pg_database_size(current_database())::text as bytes`.execute(db);
      databaseSize = { bytes: Number(rows[0]!.bytes), at: Date.now() };
    }
    return databaseSize.bytes;
  }

  /**
   * One check at a time, shared by the requests that arrive meanwhile: each check writes a
   * row and new space (a table on PostgreSQL, an fsynced file in DATA_DIR), so a client
   * polling the public endpoint in a loop cannot pile those writes up.
   */
  let running: ReturnType<typeof check> | undefined;
  async function check() {
    const { config, database } = app.ctx;
    const problems: HealthProblem[] = [];
    const warnings: HealthWarning[] = [];
    const wrote = await rowWrite(database.db);
    // A database that cannot be reached is that one problem, not a full disk as well.
    if (!wrote && !(await isDatabaseUp(database.db)))
      return { problems: ['database_unreachable'], warnings, reachable: false, writable: false };
    if (!wrote) problems.push('database_write_failed');
    // The embedded database on disk (not the in-memory one of tests) lives in DATA_DIR.
    const dataDir = database.kind === 'pglite' && database.dumpDataDir ? config.DATA_DIR : undefined;
    // (An embedded database in memory, as in tests, has no disk to fill: no catalog churn.)
    // PostgreSQL's probe is a write too: after a refused row it would only repeat the refusal.
    const newSpace =
      database.kind === 'postgres'
        ? !wrote || (await newSpaceInDatabase(database.db))
        : dataDir === undefined || (await newSpaceInFolder(dataDir));
    if (!newSpace) problems.push('disk_full');
    const free = dataDir ? await freeBytes(dataDir) : undefined;
    let needed: number | undefined;
    if (free !== undefined) {
      needed = (await databaseBytes(database.db).catch(() => 0)) + DISK_LOW_MARGIN_BYTES;
      if (free < needed) warnings.push('disk_low');
    }
    return { problems, warnings, free, needed, reachable: true, writable: wrote && newSpace };
  }

  app.get(HEALTH_ENDPOINT.path, async (request, reply) => {
    running ??= check().finally(() => {
      running = undefined;
    });
    const { problems, warnings, free, needed, writable, reachable } = await running;
    if (problems.length > 0 || warnings.length > 0)
      request.log.warn(
        { reachable, problems, warnings, freeBytes: free, neededBytes: needed },
        problems.length > 0 ? 'health check: degraded' : 'health check: warning',
      );
    return reply.code(problems.length === 0 ? 200 : 503).send({
      status: problems.length === 0 ? 'ok' : 'degraded',
      version: app.ctx.version,
      database: { kind: app.ctx.database.kind, reachable, writable },
      ...(problems.length > 0 ? { problems } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    });
  });
}
