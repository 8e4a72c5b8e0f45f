import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '@tests/helpers/child-server';
import { validRequests } from '@tests/helpers/forms';
import { clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { migrateDatabase } from '~/app/migrations/index.server';
import { openDatabase } from '~/platform/db/client.server';
import { syncProducts } from '~/features/shop/seed.server';
import { INITIAL_PRODUCTS } from '~/features/shop/products';

/**
 * A full disk (issue 28, finding 3): the data lives on a small tmpfs, which a file then fills
 * to the last byte. Before, /api/health answered 200 `writable: true` (its one-row update
 * still fit in the table's existing page) while every order and registration failed with
 * 500. Now health answers 503 `degraded` with `writable: false`, and the writes answer 503
 * `unavailable` with Retry-After; once space is freed, both recover.
 *
 * Mounting a tmpfs needs root (CI runs as root); without it the suite is skipped, saying so.
 */
function mountProblem(): string | undefined {
  const probe = mkdtempSync(path.join(tmpdir(), 'bbq-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const cannotMount = mountProblem();
if (cannotMount)
  console.warn(`disk-full: skipped, a tmpfs cannot be mounted here (needs root): ${cannotMount}`);

/** A tmpfs of `sizeMb` at a new folder; `release` unmounts it (lazily, if still busy) and removes the folder. */
function mountTmpfs(sizeMb: number, mode = '755') {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=${mode}`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    /** Writes the filler until the disk has at most `leaveBytes` free (0: full to the last byte). */
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'a');
      try {
        const free = () => {
          const out = execFileSync('df', ['-B1', '--output=avail', dir]).toString();
          return Number(out.trim().split('\n').pop());
        };
        const mb = Buffer.alloc(1024 * 1024, 7);
        while (free() - mb.length >= leaveBytes) writeSync(fd, mb);
        if (leaveBytes > 0) return;
        const block = Buffer.alloc(4096, 7);
        for (;;) writeSync(fd, block); // until ENOSPC
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    empty: () => rmSync(filler, { force: true }),
    release() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Disk = ReturnType<typeof mountTmpfs>;

/**
 * Each request on a connection of its own: filling the disk blocks this process for seconds,
 * long enough for the server to close an idle kept-alive connection, and fetch would send the
 * next request on that closed socket ("other side closed").
 */
interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function send(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Sent>((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

let ip = 0;
function post(url: string, body: unknown) {
  return send(
    url,
    'POST',
    { 'content-type': 'application/json', 'x-forwarded-for': clientIp(++ip) },
    JSON.stringify(body),
  );
}

async function health(url: string) {
  const { status, text } = await send(`${url}/api/health`, 'GET');
  return { status, body: JSON.parse(text) as Record<string, unknown> };
}

/**
 * Orders and contact messages (a form like the registration: the reviewer's registrations
 * all failed with 500) on the full disk: one that still fits in a page its table has may be
 * stored (201: the first orders' page has room); every other answers 503 `unavailable` with
 * Retry-After, never 500. The contacts table is empty, so no message fits.
 */
async function expectWritesRefusedCleanly(url: string) {
  const outcome = (answer: Sent) => {
    const { error } = JSON.parse(answer.text) as { error?: string };
    const retryAfter = Number(answer.headers['retry-after']);
    return answer.status === 503 && error === 'unavailable' && retryAfter > 0
      ? '503 unavailable'
      : `${answer.status} ${error ?? ''}`.trim();
  };
  const counts: Record<string, number> = {};
  for (let n = 0; n < 12; n++) {
    const order = outcome(await post(`${url}/api/orders`, VALID_ORDER));
    const message = outcome(await post(`${url}${validRequests.contact.url}`, validRequests.contact.body));
    for (const key of [`order ${order}`, `message ${message}`]) counts[key] = (counts[key] ?? 0) + 1;
  }
  console.info(`disk-full: 12 orders and 12 contact messages on a full disk: ${JSON.stringify(counts)}`);
  expect(counts).toEqual({
    'message 503 unavailable': 12,
    ...(counts['order 201'] ? { 'order 201': counts['order 201'] } : {}),
    ...(counts['order 503 unavailable'] ? { 'order 503 unavailable': counts['order 503 unavailable'] } : {}),
  });
}

describe.skipIf(cannotMount !== undefined)('a full disk under the embedded database', () => {
  let disk: Disk;
  let server: ChildServer | undefined;
  beforeAll(async () => {
    disk = mountTmpfs(256);
    // A fresh embedded database takes ~40 MB; 256 MB leaves more than the health check asks
    // beside it (the database's size again, plus 64 MB).
    server = await startChildServer({
      DATA_DIR: path.join(disk.dir, 'data'),
      TRUST_PROXY: 'true',
      PAYMENTS: 'test',
    });
  }, 180_000);
  afterAll(async () => {
    if (server) {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    disk?.release();
  });

  it('health warns (200) while space runs low, then answers 503 writable:false; writes answer 503, then recover', async () => {
    const { url } = server!;
    expect((await health(url)).status).toBe(200);
    expect((await post(`${url}/api/orders`, VALID_ORDER)).status).toBe(201);

    // Low but not full: the site still takes orders, so health still answers 200 — with the
    // warning an operator acts on, not an outage an uptime monitor pages about (issue 50, item 8).
    disk.fill(16 * 1024 * 1024);
    const low = await health(url);
    expect(low).toMatchObject({
      status: 200,
      body: { status: 'ok', database: { writable: true }, warnings: ['disk_low'] },
    });
    expect(low.body).not.toHaveProperty('problems');
    expect((await post(`${url}/api/orders`, VALID_ORDER)).status).toBe(201);

    disk.fill();
    const full = await health(url);
    expect(full.status, JSON.stringify(full.body)).toBe(503);
    expect(full.body).toMatchObject({
      status: 'degraded',
      database: { kind: 'pglite', reachable: true, writable: false },
    });
    expect(full.body.problems).toContain('disk_full');
    expect(full.body.problems).not.toContain('database_unreachable');
    expect(full.body.warnings).toEqual(['disk_low']);
    await expectWritesRefusedCleanly(url);

    disk.empty();
    expect(await health(url)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await post(`${url}/api/orders`, VALID_ORDER)).status).toBe(201);
    expect(server!.process.exitCode).toBeNull();
  }, 120_000);
});

/**
 * PostgreSQL: the test database lives in a tablespace on the tmpfs (its WAL stays on the
 * server's own disk), so the tables cannot grow while health and orders are asked.
 */
describe.skipIf(cannotMount !== undefined || !process.env.TEST_DATABASE_URL)(
  'a full disk under the PostgreSQL database',
  () => {
    const suffix = randomBytes(4).toString('hex');
    const tablespace = `bbq_disk_full_${suffix}`;
    const name = `bbq_test_disk_full_${suffix}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let disk: Disk;
    let site: TestApp | undefined;
    let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;

    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      disk = mountTmpfs(48, '700');
      // The PostgreSQL server (on this machine) owns the tablespace's folder.
      const location = path.join(disk.dir, 'tablespace');
      mkdirSync(location);
      execFileSync('chown', ['postgres:postgres', disk.dir, location]);
      await admin(`create tablespace ${tablespace} location '${location}'`);
      await admin(`create database ${name} tablespace ${tablespace}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await migrateDatabase(handle.db);
      await syncProducts(handle.db, INITIAL_PRODUCTS);
      site = await startTestApp(
        'postgres',
        { TRUST_PROXY: 'true' },
        { database: { handle, url: url.toString(), drop: async () => undefined } },
      );
    }, 120_000);
    afterAll(async () => {
      await site?.close();
      await handle?.close();
      disk?.empty();
      await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin(`drop tablespace if exists ${tablespace}`).catch(() => undefined);
      disk?.release();
    });

    it('health answers 503 writable:false and writes answer 503, then both recover', async () => {
      const { url } = site!;
      expect((await health(url)).status).toBe(200);
      expect((await post(`${url}/api/orders`, VALID_ORDER)).status).toBe(201);

      disk.fill();
      const full = await health(url);
      expect(full.status, JSON.stringify(full.body)).toBe(503);
      expect(full.body).toMatchObject({
        status: 'degraded',
        database: { kind: 'postgres', reachable: true, writable: false },
      });
      await expectWritesRefusedCleanly(url);

      disk.empty();
      expect(await health(url)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect((await post(`${url}/api/orders`, VALID_ORDER)).status).toBe(201);
    }, 120_000);
  },
);
