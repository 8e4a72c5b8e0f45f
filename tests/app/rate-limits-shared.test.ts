import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresRateLimitStore, purgeExpiredRateLimits } from '~/platform/http/rate-limit-store.server';
import { FORM_RATE_LIMIT } from '~/platform/forms/form-endpoint.server';
import { validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// Issue 28, finding 14b: rate limits were counted in each process, so two instances behind
// one proxy accepted twice as many forms from one address. With PostgreSQL they are counted
// in the database the instances share (src/platform/http/rate-limit-store.server.ts).

const contact = validRequests.contact;

let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.14.${ipCounter >> 8}.${ipCounter & 255}`;
};

async function post(app: TestApp, path: string, body: unknown, ip: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'rate limits shared between instances (postgres)',
  () => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      first = await startTestApp('postgres', { TRUST_PROXY: 'true' });
      second = await startTestApp('postgres', { TRUST_PROXY: 'true' }, { database: first.database });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('accepts one instance’s limit of forms from one address, posted alternately to two instances', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < FORM_RATE_LIMIT.max * 2; i++) {
        statuses.push(await post(i % 2 === 0 ? first : second, contact.url, contact.body, ip));
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(FORM_RATE_LIMIT.max);
      expect(statuses.slice(FORM_RATE_LIMIT.max)).toEqual(Array(FORM_RATE_LIMIT.max).fill(429));
      const stored = await first.db
        .selectFrom('contacts')
        .select(first.db.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(FORM_RATE_LIMIT.max);
      // Another address still gets through on either instance.
      expect(await post(second, contact.url, { ...contact.body, email: 'x' }, freshIp())).toBe(400);
    });

    it('counts concurrent posts exactly (one atomic upsert per request)', async () => {
      const ip = freshIp();
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(i % 2 === 0 ? first : second, contact.url, { ...contact.body, email: 'x' }, ip),
        ),
      );
      expect(statuses.filter((status) => status === 400)).toHaveLength(FORM_RATE_LIMIT.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FORM_RATE_LIMIT.max);
    });

    it('says when to retry, starts a new window when the old one has passed, and removes expired windows', async () => {
      const ip = freshIp();
      for (let i = 0; i < FORM_RATE_LIMIT.max; i++)
        await post(first, contact.url, { ...contact.body, email: 'x' }, ip);
      const limited = await fetch(`${second.url}${contact.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(contact.body),
      });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(FORM_RATE_LIMIT.timeWindow / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(FORM_RATE_LIMIT.timeWindow / 1000);
      // The window passes (moved into the past here rather than waited for).
      const endWindows = () =>
        sql`update rate_limits set expires_at = now() - interval '2 minutes'`.execute(first.db);
      await endWindows();
      expect(await post(second, contact.url, { ...contact.body, email: 'x' }, ip)).toBe(400);
      const rows = async () => (await sql`select key from rate_limits`.execute(first.db)).rows.length;
      const before = await rows();
      await endWindows();
      await purgeExpiredRateLimits(first.db);
      expect(before).toBeGreaterThan(0);
      expect(await rows()).toBe(0);
    });

    it('the store counts each request of a key in its window, and keys apart', async () => {
      // As a request calls it (its added latency: bench/timings/rate-limit-store.timing.ts).
      const Store = postgresRateLimitStore(first.db);
      const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/counted' } } as never);
      const incr = (key: string) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 10),
        );
      const counts = [];
      for (let i = 0; i < 6; i++) counts.push((await incr(`counted-${i % 2}`)).current);
      expect(counts).toEqual([1, 1, 2, 2, 3, 3]);
      const last = await incr('counted-0');
      expect(last.current).toBe(4);
      expect(last.ttl).toBeGreaterThan(0);
      expect(last.ttl).toBeLessThanOrEqual(60_000);
    });
  },
);

describe.each(TEST_DATABASE_KINDS)('routes of one group share one budget (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it('a form sent as JSON and posted by its page counts against one limit', async () => {
    // The contact form's JSON endpoint and its page (/kontaktai, posted without scripts) are
    // one group ("one budget per form"); half the limit through each, then both are refused.
    const ip = freshIp();
    const half = FORM_RATE_LIMIT.max / 2;
    const page = () =>
      fetch(`${t.url}/kontaktai`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: 'email=x',
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    for (let i = 0; i < half; i++)
      expect(await post(t, contact.url, { ...contact.body, email: 'x' }, ip)).toBe(400);
    for (let i = 0; i < half; i++) expect(await page()).toBe(400);
    expect(await post(t, contact.url, { ...contact.body, email: 'x' }, ip)).toBe(429);
    expect(await page()).toBe(429);
  });
});
