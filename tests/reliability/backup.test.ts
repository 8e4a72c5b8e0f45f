import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, runUntilExit, startChildServer } from '@tests/helpers/child-server';
import { type AcknowledgedOrder, clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { notPrivateEntries } from '@tests/helpers/tarball';
import { uploadPhoto } from '@tests/helpers/admin';

/**
 * Backups under load (issue 15): clients order in a loop while `npm run db:backup` runs;
 * the backup is restored into a fresh place (a new DATA_DIR, a new PostgreSQL database), a
 * server starts on it, and every order acknowledged (201) before the backup began is there,
 * with the uploaded photo. Real processes throughout: servers, the command, pg_dump.
 */
const SETUP_TOKEN = 'backup-test-setup-token-0123456789';
const PASSWORD = 'a long admin password 1';
const EMAIL = 'backup@example.com';
const CLI = 'src/platform/db/backup-cli.server.ts';

const pgDumpMissing = spawnSync('pg_dump', ['--version']).error !== undefined;
const KINDS = [
  { kind: 'pglite' as const, skip: undefined },
  {
    kind: 'postgres' as const,
    skip: !process.env.TEST_DATABASE_URL
      ? 'TEST_DATABASE_URL is not set'
      : pgDumpMissing
        ? 'pg_dump is not installed (postgresql-client)'
        : undefined,
  },
];

async function signIn(server: ChildServer): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': clientIp(900) },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The first admin (setup token) and one uploaded photo; answers the session cookie and photo id. */
async function adminWithPhoto(server: ChildServer): Promise<{ cookie: string; photo: string }> {
  const setup = await fetch(`${server.url}/api/admin/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': clientIp(901) },
    body: JSON.stringify({ token: SETUP_TOKEN, firstName: 'Rūta', email: EMAIL, password: PASSWORD }),
  });
  expect(setup.status).toBe(201);
  const cookie = await signIn(server);
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f7dc0' } })
    .jpeg()
    .toBuffer();
  const uploaded = await uploadPhoto(server, cookie, bytes, 'lake.jpg');
  expect(uploaded.status).toBe(201);
  return { cookie, photo: ((await uploaded.json()) as { id: string }).id };
}

/** Clients ordering in a loop until `stop()`; each acknowledgement with the time it arrived. */
function orderLoad(url: string, clients: number) {
  let running = true;
  let next = 0;
  const acknowledged: Array<AcknowledgedOrder & { at: number }> = [];
  const failures: string[] = [];
  const client = async () => {
    while (running) {
      try {
        const response = await fetch(`${url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(next++) },
          body: JSON.stringify(VALID_ORDER),
        });
        const body = await response.text();
        if (response.status === 201)
          acknowledged.push({ ...(JSON.parse(body) as AcknowledgedOrder), at: Date.now() });
        else failures.push(`${response.status} ${body.slice(0, 120)}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client));
  return {
    acknowledged,
    failures,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** An empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
async function emptyPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `bbq_backup_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

describe.each(KINDS)('backup and restore under load ($kind)', ({ kind, skip }) => {
  let work: string;
  const dropLater: Array<() => Promise<void>> = [];
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bbq-backup-'));
  });
  afterAll(async () => {
    for (const drop of dropLater) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps every order acknowledged before the backup began, and the photos', async (context) => {
    if (skip) return context.skip(skip);
    // Where the live site keeps its data, and where the backup is restored to.
    const live: Record<string, string> = {};
    const fresh: Record<string, string> = {};
    if (kind === 'pglite') {
      live.DATA_DIR = path.join(work, 'live');
      fresh.DATA_DIR = path.join(work, 'restored');
    } else {
      for (const target of [live, fresh]) {
        const database = await emptyPostgresDatabase();
        dropLater.push(database.drop);
        target.DATABASE_URL = database.url;
      }
    }
    const file = path.join(work, `backup${kind === 'pglite' ? '.pglite.tar.gz' : '.pgdump'}`);

    const server = await startChildServer({ ...live, ADMIN_SETUP_TOKEN: SETUP_TOKEN, TRUST_PROXY: 'true' });
    let load: ReturnType<typeof orderLoad> | undefined;
    let backupBegan = 0;
    try {
      const { cookie, photo } = await adminWithPhoto(server);
      load = orderLoad(server.url, 4);
      await expect
        .poll(() => load!.acknowledged.length, { timeout: 60_000, interval: 50 })
        .toBeGreaterThanOrEqual(20);

      backupBegan = Date.now();
      const backup = await runUntilExit(live, { script: CLI, args: ['backup', file] });
      const acknowledgedDuringBackup = load.acknowledged.filter((order) => order.at > backupBegan).length;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(
        kind === 'pglite'
          ? /Backup written to .* through the running server/
          : /Backup written to .* pg_dump/,
      );
      // The load really ran while the backup was taken.
      expect(acknowledgedDuringBackup).toBeGreaterThan(0);

      // The admin area's download: the same kind of file, for a signed-in admin only.
      const download = await fetch(`${server.url}/api/admin/backup`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/attachment; filename="bbq-backup-.*"/);
      const downloaded = Buffer.from(await download.arrayBuffer());
      expect(downloaded.subarray(0, 5).equals(readFileSync(file).subarray(0, 5))).toBe(true);
      if (kind === 'pglite') {
        // Every entry, in the command's file and in the download, the owner's only (issue 28, finding 8).
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(notPrivateEntries(readFileSync(file))).toEqual([]);
        expect(notPrivateEntries(downloaded)).toEqual([]);
      }
      expect((await fetch(`${server.url}/api/admin/backup`)).status).toBe(401);
      const forged = await fetch(`${server.url}/api/admin/backup`, {
        headers: { authorization: 'Bearer x' },
      });
      expect(forged.status).toBe(401);

      await load.stop();
      expect(load.failures).toEqual([]);
      const photoBytes = Buffer.from(await (await fetch(`${server.url}/media/${photo}/w480`)).arrayBuffer());

      // Restore into the fresh place: refused while it is not empty, done once it is.
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const restored = await runUntilExit(fresh, { script: CLI, args: ['restore', file] });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored into .*: \d+ rows, 1 photos/);
      const again = await runUntilExit(fresh, { script: CLI, args: ['restore', file] });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/not empty/);

      const before = load.acknowledged.filter((order) => order.at < backupBegan);
      const second = await startChildServer({ ...fresh, TRUST_PROXY: 'true' });
      try {
        const session = await signIn(second);
        const csv = await (
          await fetch(`${second.url}/api/admin/orders.csv?lang=en`, { headers: { cookie: session } })
        ).text();
        const missing = before.filter((order) => !csv.includes(order.order_number));
        expect(missing, `${missing.length} of ${before.length} acknowledged orders missing`).toEqual([]);
        for (const order of before.slice(0, 5)) {
          expect((await fetch(`${second.url}/api/orders/${order.token}`)).status).toBe(200);
        }
        const image = await fetch(`${second.url}/media/${photo}/w480`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        expect(Buffer.from(await image.arrayBuffer()).equals(photoBytes)).toBe(true);
        console.info(
          `${kind}: ${before.length} orders acknowledged before the backup, ${acknowledgedDuringBackup} during it; ` +
            `backup ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`,
        );
      } finally {
        second.process.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await load?.stop();
      server.process.kill('SIGKILL');
    }
  }, 600_000);
});

describe('backup command: bad input gets one clear line', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bbq-backup-input-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each([
    [['restore'], /Usage: npm run db:backup/],
    [['restore', 'package.json'], /is not a backup made by npm run db:backup/],
    [['restore', 'no-such-file'], /no-such-file: no such file/],
    [['backup'], /There is no embedded database in/],
    [['frobnicate'], /Usage/],
  ])('%j', async (args, message) => {
    const result = await runUntilExit({ DATA_DIR: path.join(work, 'empty') }, { script: CLI, args });
    expect(result.code, result.output).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });
});
