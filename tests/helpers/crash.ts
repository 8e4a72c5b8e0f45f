import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateDatabase } from '~/app/migrations/index.server';
import { type DatabaseHandle, openDatabase } from '~/platform/db/client.server';
import { startChildServer } from './child-server';
import { type AcknowledgedOrder, auditOrders, clientIp, VALID_ORDER } from './orders';
import { createTestDatabase, type TestDatabaseKind } from './test-database';

/**
 * Crash durability: the real server as a child process takes orders from 50 concurrent
 * clients and is SIGKILLed mid-load, again and again on the same database; then every order
 * that was answered 2xx must exist with its item, and the database must open cleanly.
 * Used by tests/reliability/crash.test.ts (a couple of cycles) and `npm run bench -- crash`.
 */

export interface KillCycle {
  /** Orders answered 201 before the kill. */
  acknowledged: AcknowledgedOrder[];
  /** Requests cut off by the kill (no complete answer). */
  cutOff: number;
  /** Answers other than 201 (there should be none). */
  unexpected: string[];
}

export interface CrashReport {
  cycles: KillCycle[];
  /** Acknowledged orders missing afterwards, or stored without their item. */
  lost: AcknowledgedOrder[];
  /** All order rows (≥ acknowledged: a kill can cut off the answer of a stored order). */
  rows: number;
  /** Migrations applied when the database was opened after the last cycle (must be none). */
  pendingMigrations: string[];
  /** Tables that could not be read afterwards. */
  unreadableTables: string[];
}

const CONCURRENCY = 50;
let nextClient = 0;

/** 50 clients create orders back to back until the server dies; it is killed after `killAfter` answers. */
async function loadAndKill(env: Record<string, string>, killAfter: number): Promise<KillCycle> {
  const server = await startChildServer({ ...env, TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
  const cycle: KillCycle = { acknowledged: [], cutOff: 0, unexpected: [] };
  let answers = 0;
  const client = async () => {
    for (;;) {
      try {
        const response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(nextClient++) },
          body: JSON.stringify(VALID_ORDER),
        });
        const body = await response.text();
        if (response.status === 201) cycle.acknowledged.push(JSON.parse(body) as AcknowledgedOrder);
        else cycle.unexpected.push(`${response.status} ${body.slice(0, 200)}`);
        if (++answers === killAfter) server.process.kill('SIGKILL');
      } catch {
        cycle.cutOff++; // the server is gone: this request never got (all of) its answer
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  await server.exited;
  return cycle;
}

async function inspect(handle: DatabaseHandle, acknowledged: AcknowledgedOrder[]) {
  const pendingMigrations = await migrateDatabase(handle.db);
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
    handle.db,
  );
  const unreadableTables: string[] = [];
  for (const { name } of tables) {
    try {
      await sql`select count(*) from ${sql.table(name)}`.execute(handle.db);
    } catch {
      unreadableTables.push(name);
    }
  }
  const audit = await auditOrders(handle.db, acknowledged);
  return { pendingMigrations, unreadableTables, lost: audit.lost, rows: audit.rows };
}

/**
 * Runs `cycles` kill cycles on one fresh database of `kind` (PGlite in a data directory,
 * or a new database on the TEST_DATABASE_URL server), restarts the server once more (it
 * must start: crash recovery, migrations), stops it gracefully and inspects the database.
 */
export async function crashCycles(
  kind: TestDatabaseKind,
  cycles: number,
  onCycle?: (cycle: KillCycle, index: number) => void,
): Promise<CrashReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-crash-'));
  const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
  const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: dataDir };
  try {
    const report: KillCycle[] = [];
    for (let i = 0; i < cycles; i++) {
      // Kill at a different point each time: after 10 to 300 answers.
      const cycle = await loadAndKill(env, 10 + Math.floor(Math.random() * 290));
      report.push(cycle);
      onCycle?.(cycle, i);
    }
    const restarted = await startChildServer(env);
    restarted.process.kill('SIGTERM');
    const exitCode = await restarted.exited;
    if (exitCode !== 0) throw new Error(`server did not stop cleanly (${exitCode}):\n${restarted.output()}`);

    const acknowledged = report.flatMap((cycle) => cycle.acknowledged);
    const handle = postgres?.handle ?? (await openDatabase({ dataDir }));
    try {
      return { cycles: report, ...(await inspect(handle, acknowledged)) };
    } finally {
      if (!postgres) await handle.close();
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
