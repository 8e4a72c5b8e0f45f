import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// The health check writes (a row, and new space: issue 28, finding 3) and is public: requests
// that arrive while a check runs share it, so a client polling in a loop cannot pile writes up.

describe.each(TEST_DATABASE_KINDS)('health check on %s', (kind) => {
  let t: TestApp;
  const writes = async () =>
    Number((await sql<{ n: number }>`select n from health_writes`.execute(t.db)).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Counts the health row's writes (a trigger: the real statements, nothing stubbed).
    await sql`create table health_writes (n integer not null)`.execute(t.db);
    await sql`insert into health_writes values (0)`.execute(t.db);
    await sql`create function count_health_write() returns trigger language plpgsql as
      $$ begin update health_writes set n = n + 1; return new; end $$`.execute(t.db);
    await sql`create trigger count_health_write after insert or update on app_settings
      for each row execute function count_health_write()`.execute(t.db);
  });
  afterAll(() => t?.close());

  it('writes once per check: sequential requests each check, concurrent ones share one', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    expect(await writes()).toBe(3);
    // Twenty at the same moment (in-process, so all arrive before the first check is done).
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const shared = (await writes()) - 3;
    expect(shared).toBeGreaterThanOrEqual(1);
    expect(shared).toBeLessThan(10);
  });
});
