import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '~/platform/db/client.server';
import { startChildServer } from './child-server';
import { type AcknowledgedOrder, auditOrders, clientIp, VALID_ORDER } from './orders';
import { createTestDatabase } from './test-database';

/**
 * Faults under load (issue 19), shared by tests/reliability/ and `npm run bench -- crash`:
 * PostgreSQL cutting the server's connections, and SIGTERM while clients order in a loop.
 */

let next = 0;
const order = (url: string) =>
  fetch(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(next++) },
    body: JSON.stringify(VALID_ORDER),
  });

export interface DropReport {
  /** Backends terminated with pg_terminate_backend. */
  kills: number;
  acknowledged: number;
  /** 503 answers, and how many of them had the usual body (`unavailable`). */
  unavailable: number;
  unavailableWithBody: number;
  unexpected: string[];
  networkErrors: number;
  /** The server process was still running afterwards. */
  alive: boolean;
  /** After the cutting stopped: health 200 and an order 201. */
  recovered: boolean;
  lost: AcknowledgedOrder[];
  output: string;
}

/** `clients` order in a loop for `loadMs` while every connection of the server's database is cut every `killEveryMs`. */
export async function dropConnectionsUnderLoad({
  clients = 20,
  loadMs = 4_000,
  killEveryMs = 150,
} = {}): Promise<DropReport> {
  const database = await createTestDatabase('postgres');
  const name = new URL(database.url!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const server = await startChildServer({ DATABASE_URL: database.url!, TRUST_PROXY: 'true' });
  try {
    const acknowledged: AcknowledgedOrder[] = [];
    const report = {
      kills: 0,
      unavailable: 0,
      unavailableWithBody: 0,
      unexpected: [] as string[],
      networkErrors: 0,
    };
    const until = Date.now() + loadMs;
    const client = async () => {
      while (Date.now() < until) {
        try {
          const response = await order(server.url);
          const body = await response.text();
          if (response.status === 201) acknowledged.push(JSON.parse(body) as AcknowledgedOrder);
          else if (response.status === 503) {
            report.unavailable++;
            const parsed = JSON.parse(body) as { error?: string; message?: string };
            if (parsed.error === 'unavailable' && parsed.message === 'common:apiErrors.unavailable')
              report.unavailableWithBody++;
          } else report.unexpected.push(`${response.status} ${body.slice(0, 200)}`);
        } catch {
          report.networkErrors++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const killer = async () => {
      while (Date.now() < until) {
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        report.kills += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, killEveryMs));
      }
    };
    await Promise.all([killer(), ...Array.from({ length: clients }, client)]);
    const alive = server.process.exitCode === null;
    let recovered = false;
    if (alive) {
      const health = await fetch(`${server.url}/api/health`);
      const again = await order(server.url);
      recovered = health.status === 200 && again.status === 201;
      if (again.status === 201) acknowledged.push((await again.json()) as AcknowledgedOrder);
    }
    const { lost } = await auditOrders(database.handle.db, acknowledged);
    return { ...report, acknowledged: acknowledged.length, alive, recovered, lost, output: server.output() };
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
    await admin.end();
    await database.drop();
  }
}

export interface SigtermReport {
  acknowledged: number;
  /** Answers after the signal that carried `Connection: close`. */
  closeHeaders: number;
  /** Clients whose next connection was refused (the clean end). */
  refused: number;
  /** Anything else: connection reset, socket closed mid-request. */
  resets: string[];
  /** Requests sent before the signal: how many, and the resets among them (must be none). */
  startedBeforeSignal: number;
  resetsBeforeSignal: string[];
  unexpected: string[];
  exitCode: number | null;
  lost: AcknowledgedOrder[];
  output: string;
}

/** `clients` order in a loop on an embedded database; SIGTERM after `signalAfter` answers. */
export async function sigtermUnderLoad({ clients = 30, signalAfter = 150 } = {}): Promise<SigtermReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-shutdown-loop-'));
  try {
    const server = await startChildServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    const acknowledged: AcknowledgedOrder[] = [];
    const report = {
      closeHeaders: 0,
      refused: 0,
      resets: [] as string[],
      unexpected: [] as string[],
      startedBeforeSignal: 0,
      resetsBeforeSignal: [] as string[],
    };
    let answered = 0;
    let signalled = false;
    const client = async () => {
      for (;;) {
        const beforeSignal = !signalled;
        if (beforeSignal) report.startedBeforeSignal++;
        try {
          const response = await order(server.url);
          const body = await response.text();
          if (response.status === 201) acknowledged.push(JSON.parse(body) as AcknowledgedOrder);
          else report.unexpected.push(`${response.status} ${body.slice(0, 200)}`);
          if (signalled && response.headers.get('connection') === 'close') report.closeHeaders++;
          if (++answered === signalAfter) {
            signalled = true;
            server.process.kill('SIGTERM');
          }
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          // A new connection refused is the clean answer of a server that has stopped;
          // anything else (reset, closed mid-request) is what a customer must never see.
          if (cause?.code === 'ECONNREFUSED') report.refused++;
          else {
            const reset = `${cause?.code ?? ''} ${cause?.message ?? String(error)}`;
            report.resets.push(reset);
            if (beforeSignal) report.resetsBeforeSignal.push(reset);
          }
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    const exitCode = await server.exited;
    const database = await openDatabase({ dataDir });
    try {
      const { lost } = await auditOrders(database.db, acknowledged);
      return { ...report, acknowledged: acknowledged.length, exitCode, lost, output: server.output() };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
