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
 * Free space below which the embedded database's disk is reported low: PostgreSQL (PGlite
 * too) writes its log in 16 MB segments, and orders, photos and backups need room beside.
 */
const DISK_SPACE_FLOOR_BYTES = 64 * 1024 * 1024;
const PROBE_FILE_BYTES = 64 * 1024;

/** Why a check answered `degraded` (none when `ok`). */
type HealthProblem = 'database_write_failed' | 'no_new_space' | 'disk_space_low';

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
  /**
   * One check at a time, shared by the requests that arrive meanwhile: each check writes a
   * row and new space (a table on PostgreSQL, an fsynced file in DATA_DIR), so a client
   * polling the public endpoint in a loop cannot pile those writes up.
   */
  let running: ReturnType<typeof check> | undefined;
  async function check() {
    const { config, database } = app.ctx;
    const problems: HealthProblem[] = [];
    if (!(await rowWrite(database.db))) problems.push('database_write_failed');
    // The embedded database on disk (not the in-memory one of tests) lives in DATA_DIR.
    const dataDir = database.kind === 'pglite' && database.dumpDataDir ? config.DATA_DIR : undefined;
    // (An embedded database in memory, as in tests, has no disk to fill: no catalog churn.)
    const newSpace =
      database.kind === 'postgres'
        ? await newSpaceInDatabase(database.db)
        : dataDir === undefined || (await newSpaceInFolder(dataDir));
    if (!newSpace) problems.push('no_new_space');
    const free = dataDir ? await freeBytes(dataDir) : undefined;
    if (free !== undefined && free < DISK_SPACE_FLOOR_BYTES) problems.push('disk_space_low');
    const writable = !problems.includes('database_write_failed') && newSpace;
    const reachable = writable || (await isDatabaseUp(database.db));
    return { problems, free, writable, reachable };
  }

  app.get(HEALTH_ENDPOINT.path, async (request, reply) => {
    running ??= check().finally(() => {
      running = undefined;
    });
    const { problems, free, writable, reachable } = await running;
    if (problems.length > 0)
      request.log.warn({ reachable, problems, freeBytes: free }, 'health check: degraded');
    return reply.code(problems.length === 0 ? 200 : 503).send({
      status: problems.length === 0 ? 'ok' : 'degraded',
      version: app.ctx.version,
      database: { kind: app.ctx.database.kind, reachable, writable },
      ...(problems.length > 0 ? { problems } : {}),
    });
  });
}
