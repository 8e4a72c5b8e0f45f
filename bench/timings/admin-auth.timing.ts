import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { call, insertAdmin, SETUP_TOKEN } from '@tests/helpers/admin';

// From src/features/admin/admin-auth.test.ts (decision 0054): a sign-in spends one scrypt check
// whatever the answer, so it takes about as long for a deactivated admin's right password as a
// wrong one, and for a known e-mail as an unknown one. The suite checks the answers are alike.

const PASSWORD = 'šaltas-vanduo-ežere-42';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/**
 * Median times of `a` and `b`, five each, taken in turns so a change in the machine's load
 * falls on both (medians of three taken one after the other failed on a loaded machine).
 */
async function interleavedMedians(
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < 5; i++)
    for (const [k, run] of [a, b].entries()) {
      const started = performance.now();
      await run(i);
      times[k]!.push(performance.now() - started);
    }
  const median = (values: number[]) => values.sort((x, y) => x - y)[2]!;
  return [median(times[0]), median(times[1])];
}

describe.each(TEST_DATABASE_KINDS)('sign-in timing (%s)', (kind) => {
  let t: TestApp;
  let hash: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_SETUP_TOKEN: SETUP_TOKEN, TRUST_PROXY: 'true' });
    hash = await hashPassword(PASSWORD);
  });
  afterAll(() => t?.close());

  it('a deactivated admin’s right password takes about as long as a wrong one', async () => {
    await insertAdmin(t.db, hash, { email: 'former@example.com', active: false });
    const attempt = (password: string, ip: string) =>
      call(t, 'POST', '/api/admin/login', {
        body: { email: 'former@example.com', password },
        headers: from(ip),
      });
    const [rightMs, wrongMs] = await interleavedMedians(
      async (i) => expect((await attempt(PASSWORD, `10.0.4.${11 + i}`)).status).toBe(401),
      async (i) => expect((await attempt('not-the-password-at-all', `10.0.4.${31 + i}`)).status).toBe(401),
    );
    console.info(
      `[${kind}] deactivated admin: right ${rightMs.toFixed(1)} ms, wrong ${wrongMs.toFixed(1)} ms`,
    );
    expect(rightMs / wrongMs).toBeGreaterThan(0.5);
    expect(rightMs / wrongMs).toBeLessThan(2);
  });

  it('takes about the same time for a known and an unknown e-mail', async () => {
    await insertAdmin(t.db, hash, { email: 'timing@example.com' });
    const signIn = async (email: string, ip: string) => {
      const response = await call(t, 'POST', '/api/admin/login', {
        body: { email, password: 'wrong-password-timing' },
        headers: from(ip),
      });
      expect(response.status).toBe(401);
    };
    const [known, unknown] = await interleavedMedians(
      (i) => signIn('timing@example.com', `10.1.2.${1 + i}`),
      (i) => signIn('no-timing@example.com', `10.1.2.${21 + i}`),
    );
    console.info(`[${kind}] sign-in: known e-mail ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`);
    // Both spend one scrypt check (a dummy one for the unknown e-mail).
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });
});
