import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '@tests/helpers/child-server';
import { createTestDatabase, TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

/**
 * The first admin behind nginx's round robin (issue 50, item 5): the setup link one instance
 * prints must work through every instance, and a restart must not invalidate it.
 */
const PASSWORD = 'a long enough admin password';
const env = { ADMIN_SETUP_TOKEN: '', SMTP_URL: '', BUILD_DIR: 'no-build' };

const printedToken = (server: ChildServer) => /one-time setup token: ([\w-]{32})/.exec(server.output())?.[1];

function setup(server: ChildServer, token: string | undefined, email = 'ruta@example.com') {
  return fetch(`${server.url}/api/admin/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token, firstName: 'Rūta', email, password: PASSWORD }),
  });
}

async function stop(...servers: ChildServer[]) {
  for (const server of servers) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

describe('the one-time setup token shared through the database', () => {
  it.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
    'two instances on one PostgreSQL database print the same link, and either takes it once',
    async () => {
      const database = await createTestDatabase('postgres');
      const settings = { ...env, DATABASE_URL: database.url! };
      const [first, second] = await Promise.all([startChildServer(settings), startChildServer(settings)]);
      try {
        const token = printedToken(first);
        expect(token, first.output()).toBeDefined();
        expect(printedToken(second)).toBe(token);
        // Set up through the instance that did not print it, as the round robin may send it.
        expect((await setup(second, 'x'.repeat(32))).status).toBe(403);
        expect((await setup(second, token)).status).toBe(201);
        expect((await setup(first, token, 'second@example.com')).status).toBe(403);
        const rows = await database.handle.db
          .selectFrom('app_settings')
          .select('key')
          .where('key', '=', 'admin_setup_token')
          .execute();
        expect(rows).toEqual([]);
      } finally {
        await stop(first, second);
        await database.drop();
      }
    },
    180_000,
  );

  it('a restart before the first admin prints the same link, which still works', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-setup-token-'));
    try {
      const settings = { ...env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const before = await startChildServer(settings);
      const token = printedToken(before);
      await stop(before);
      expect(token).toBeDefined();
      const after = await startChildServer(settings);
      try {
        expect(printedToken(after)).toBe(token);
        expect((await setup(after, token)).status).toBe(201);
      } finally {
        await stop(after);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
