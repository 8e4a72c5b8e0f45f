import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, runUntilExit, startChildServer } from '@tests/helpers/child-server';
import { notPrivateEntries, tarEntries } from '@tests/helpers/tarball';
import { migrateDatabase } from '~/app/migrations/index.server';
import { openDatabase } from '~/platform/db/client.server';
import { mailHold } from '~/platform/mail/hold.server';

/**
 * Issue 28, findings 8, 9 and 13, with real processes: the server and `npm run db:backup`
 * / `db:restore` (from source), started under a permissive umask.
 *  8: every file and folder in DATA_DIR, the backup file and every entry in it are the
 *     owner's only (0600 / 0700), also for a folder an older release left world-readable;
 *  9: the command reaches the server over a Unix socket in DATA_DIR (a stale one left by a
 *     killed server, and a DATA_DIR too long for a socket's address, are handled); the
 *     public port hands out no backup, whatever the request carries;
 * 13: a damaged backup gets one line naming the file and what is wrong, exit code 1.
 */
const CLI = 'src/platform/db/backup-cli.server.ts';

/** Modes that are not private: files not 0600, folders not 0700 (sockets count as files). */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  const visit = (target: string) => {
    const stat = lstatSync(target);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      wrong.push(`${path.relative(root, target) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(root);
  return wrong;
}

/** Runs `fn` with the process's umask set to `mask` (children started meanwhile inherit it). */
async function underUmask<T>(mask: number, fn: () => Promise<T>): Promise<T> {
  const before = process.umask(mask);
  try {
    return await fn();
  } finally {
    process.umask(before);
  }
}

/** Every file and folder below `root` world-readable and -writable, as the release before made them. */
function makeWorldReadable(root: string) {
  const stat = lstatSync(root);
  if (stat.isSocket()) return;
  chmodSync(root, stat.isDirectory() ? 0o777 : 0o666);
  if (stat.isDirectory()) for (const name of readdirSync(root)) makeWorldReadable(path.join(root, name));
}

describe('a running server: private files, the backup over a Unix socket (findings 8, 9)', () => {
  let work: string;
  let server: ChildServer | undefined;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bbq-backup-files-'));
  });
  afterAll(() => {
    server?.process.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps DATA_DIR, the backups and their entries private under umask 000, long path and all', async () => {
    // Longer than a Unix socket's address may be (108 bytes with its final 0 on Linux).
    const dataDir = path.join(
      work,
      'a-folder-name-long-enough-for-the-socket-path-not-to-fit'.repeat(2),
      'data',
    );
    expect(path.join(dataDir, 'backup.sock').length).toBeGreaterThan(108);
    await underUmask(0o000, async () => {
      server = await startChildServer({ DATA_DIR: dataDir });
      expect(notPrivate(dataDir)).toEqual([]);
      expect(lstatSync(path.join(dataDir, 'backup.sock')).isSocket()).toBe(true);
      expect(existsSync(path.join(dataDir, 'local-access.json'))).toBe(false);

      // The command, through the socket.
      const file = path.join(work, 'first.pglite.tar.gz');
      const backup = await runUntilExit({ DATA_DIR: dataDir }, { script: CLI, args: ['backup', file] });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/through the running server/);
      expect(lstatSync(file).mode & 0o777).toBe(0o600);
      const entries = tarEntries(readFileSync(file));
      expect(entries.length).toBeGreaterThan(900);
      expect(notPrivateEntries(readFileSync(file))).toEqual([]);

      // The public port hands out nothing, whatever the request carries.
      const forged = { authorization: `Bearer ${randomBytes(32).toString('base64url')}` };
      for (const headers of [forged, {}] as Array<Record<string, string>>)
        expect((await fetch(`${server.url}/api/admin/backup`, { headers })).status).toBe(401);
      for (const url of ['/backup', '/backup.sock'])
        expect((await fetch(`${server.url}${url}`, { redirect: 'manual' })).status, url).toBe(404);

      // Killed: its socket file stays behind. The folder as an older release left it:
      // everything world-readable. The next start tightens it and answers on a new socket.
      server.process.kill('SIGKILL');
      await server.exited;
      expect(lstatSync(path.join(dataDir, 'backup.sock')).isSocket()).toBe(true);
      makeWorldReadable(dataDir);
      expect(notPrivate(dataDir).length).toBeGreaterThan(900);
      server = await startChildServer({ DATA_DIR: dataDir });
      expect(notPrivate(dataDir)).toEqual([]);
      const second = path.join(work, 'second.pglite.tar.gz');
      const again = await runUntilExit({ DATA_DIR: dataDir }, { script: CLI, args: ['backup', second] });
      expect(again.code, again.output).toBe(0);
      expect(again.output).toMatch(/through the running server/);
      expect(notPrivateEntries(readFileSync(second))).toEqual([]);
      // Into a folder, twice in a row: two files named by the time, the second never failing
      // on the first one's name (issue 50, item 8).
      const daily = path.join(work, 'daily');
      mkdirSync(daily);
      for (let run = 0; run < 2; run++) {
        const into = await runUntilExit({ DATA_DIR: dataDir }, { script: CLI, args: ['backup', daily] });
        expect(into.code, into.output).toBe(0);
      }
      expect(readdirSync(daily)).toHaveLength(2);
      for (const name of readdirSync(daily)) expect(name).toMatch(/^bbq-backup-.*Z(-\d+)?\.pglite\.tar\.gz$/);
      console.info(
        `${entries.length} entries in the backup; ${readdirSync(dataDir).join(', ')} in DATA_DIR, all private`,
      );

      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'backup.sock'))).toBe(false);
      server = undefined;
    });

    // A restore makes private files whatever the umask.
    for (const mask of [0o000, 0o077]) {
      const fresh = path.join(work, `restored-${mask.toString(8)}`);
      const restored = await underUmask(mask, () =>
        runUntilExit(
          { DATA_DIR: fresh },
          { script: CLI, args: ['restore', path.join(work, 'second.pglite.tar.gz')] },
        ),
      );
      expect(restored.code, restored.output).toBe(0);
      expect(notPrivate(fresh), `restored under umask ${mask.toString(8)}`).toEqual([]);
    }
    // A restored database holds its mail until an owner decides (issue 50, item 2).
    const restored = await openDatabase({ dataDir: path.join(work, 'restored-0') });
    try {
      expect(await mailHold(restored.db)).toMatchObject({ reason: 'restored' });
    } finally {
      await restored.close();
    }
  }, 600_000);
});

describe('restoring a damaged backup: one line, exit code 1, nothing written (finding 13)', () => {
  let work: string;
  let good: Buffer;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'bbq-backup-damaged-'));
    const database = await openDatabase({ dataDir: path.join(work, 'source') });
    try {
      await migrateDatabase(database.db);
      good = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const flip = (bytes: Buffer, at: number) => {
    const copy = Buffer.from(bytes);
    copy[at]! ^= 0x10;
    return copy;
  };
  /** A gzipped tarball made by tar(1), of a folder that is not a database. */
  const otherTarball = () => {
    const folder = path.join(work, 'not-a-database');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'notes.txt'), 'hello');
    return execFileSync('tar', ['-czf', '-', '-C', folder, '.']);
  };

  const cases: Array<[string, () => Buffer | 'directory', RegExp]> = [
    ['truncated to half', () => good.subarray(0, good.length >> 1), /damaged.*ends early/],
    ['truncated to 20 bytes', () => good.subarray(0, 20), /damaged.*ends early/],
    ['a bit flipped in the middle', () => flip(good, good.length >> 1), /damaged/],
    ['a bit flipped in its checksum', () => flip(good, good.length - 6), /damaged/],
    ['a bit flipped in its length', () => flip(good, good.length - 2), /damaged/],
    ['gzip, but not a tarball', () => gzipSync(randomBytes(4000)), /not a backup of the embedded database/],
    ['a tarball of another folder', otherTarball, /not a backup of the embedded database/],
    ['an empty file', () => Buffer.alloc(0), /is empty/],
    ['a PostgreSQL dump', () => Buffer.from('PGDMP\x01\x0e\x00 not really'), /PostgreSQL backup/],
    ['plain text', () => Buffer.from('hello\n'), /not a backup made by npm run db:backup/],
    ['a directory', () => 'directory', /is a folder, not a backup file/],
  ];

  it.each(cases)(
    '%s',
    async (name, make, message) => {
      const file = path.join(work, `${name.replaceAll(' ', '-')}.pglite.tar.gz`);
      const content = make();
      if (content === 'directory') mkdirSync(file);
      else writeFileSync(file, content);
      const dataDir = path.join(work, `into-${name.replaceAll(' ', '-')}`);
      const result = await runUntilExit({ DATA_DIR: dataDir }, { script: CLI, args: ['restore', file] });
      expect(result.code, result.output).toBe(1);
      const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain(file);
      expect(lines[0]).toMatch(message);
      // Nothing restored, nothing half-written.
      const pglite = path.join(dataDir, 'pglite');
      expect(existsSync(pglite) ? readdirSync(pglite) : []).toEqual([]);
    },
    120_000,
  );

  it('a file it may not read', async (context) => {
    if (process.getuid?.() === 0) return context.skip('root reads every file');
    const file = path.join(work, 'unreadable.pglite.tar.gz');
    writeFileSync(file, good, { mode: 0o000 });
    const result = await runUntilExit(
      { DATA_DIR: path.join(work, 'into-unreadable') },
      { script: CLI, args: ['restore', file] },
    );
    expect(result.code, result.output).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/unreadable.*permission denied/),
    ]);
  }, 120_000);

  it('the undamaged file restores (the cases above fail for their damage, not for the file)', async () => {
    const file = path.join(work, 'good.pglite.tar.gz');
    writeFileSync(file, good);
    const result = await runUntilExit(
      { DATA_DIR: path.join(work, 'into-good') },
      { script: CLI, args: ['restore', file] },
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Restored into .*: \d+ rows, 0 photos, \d+ migrations/);
  }, 120_000);
});
