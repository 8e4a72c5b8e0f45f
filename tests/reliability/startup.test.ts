import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilExit, startChildServer } from '@tests/helpers/child-server';
import { sendContactMessage } from '@tests/helpers/forms';
import { openDatabase } from '~/platform/db/client.server';

/** One line on stderr, naming the cause; nothing else (no stack trace). */
function expectOneLine(stderr: string, cause: RegExp) {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(cause);
}

describe('one writer per embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-lock-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second server and admin:create while the server runs; loses no acknowledged write', async () => {
    const server = await startChildServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    try {
      const second = await runUntilExit({ DATA_DIR: dataDir });
      expect(second.code, second.output).toBe(1);
      expectOneLine(second.stderr, /data directory .* is in use by another process \(pid \d+\)/);

      const cli = await runUntilExit(
        { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a long enough password' },
        {
          script: 'src/app/create-admin.server.ts',
          args: ['--email', 'ruta@example.com', '--name', 'Rūta'],
        },
      );
      expect(cli.code, cli.output).toBe(1);
      expectOneLine(cli.stderr, /server is running .*stop it/i);

      // The running server is unaffected and what it acknowledges is kept.
      const message = 'Ar galima atvykti su šunimi?';
      const sent = await sendContactMessage(server.url, message);
      expect(sent.status).toBe(201);
      // Killed, not stopped: the lock it leaves behind belongs to a dead process.
      server.process.kill('SIGKILL');
      await server.exited;

      const after = await runUntilExit(
        { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a long enough password' },
        {
          script: 'src/app/create-admin.server.ts',
          args: ['--email', 'ruta@example.com', '--name', 'Rūta'],
        },
      );
      expect(after.code, after.output).toBe(0);

      const database = await openDatabase({ dataDir });
      try {
        const contacts = await database.db.selectFrom('contacts').select('message').execute();
        expect(contacts.map((row) => row.message)).toEqual([message]);
        const mails = await database.db.selectFrom('mail_outbox').select('id').execute();
        expect(mails).toHaveLength(2);
        const admins = await database.db.selectFrom('admin_users').select('email').execute();
        expect(admins.map((row) => row.email)).toEqual(['ruta@example.com']);
      } finally {
        await database.close();
      }
    } finally {
      server.process.kill('SIGKILL');
    }
  }, 300_000);
});

describe('start-up failures: one line naming the cause, exit 1', () => {
  it('PostgreSQL unreachable', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const result = await runUntilExit({ DATABASE_URL: `postgres://bbq@127.0.0.1:${port}/bbq` });
    expect(result.code, result.output).toBe(1);
    expectOneLine(result.stderr, new RegExp(`PostgreSQL.*127\\.0\\.0\\.1:${port}.*ECONNREFUSED|refused`));
  });

  it('port already taken', async () => {
    const taken = createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-port-'));
    try {
      const result = await runUntilExit({ DATA_DIR: dataDir, PORT: String(port) });
      expect(result.code, result.output).toBe(1);
      expectOneLine(result.stderr, new RegExp(`port ${port}.*already in use`, 'i'));
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // A read-only file system (what a disk remounted read-only after errors looks like). Root
  // ignores file permissions, so this mounts a read-only tmpfs, which needs root.
  const readOnly = path.join(tmpdir(), `bbq-readonly-${process.pid}`);
  let mounted = false;
  beforeAll(() => {
    try {
      mkdirSync(readOnly, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly], { stdio: 'ignore' });
      mounted = true;
    } catch {
      mounted = false;
    }
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', [readOnly], { stdio: 'ignore' });
    rmSync(readOnly, { recursive: true, force: true });
  });

  it('data directory read-only', async (context) => {
    if (!mounted) return context.skip('cannot mount a read-only file system here (needs root)');
    const result = await runUntilExit({ DATA_DIR: readOnly });
    expect(result.code, result.output).toBe(1);
    expectOneLine(result.stderr, /data directory .*bbq-readonly.* cannot be written.*read-only/i);
  });
});
