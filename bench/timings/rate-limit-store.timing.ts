import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresRateLimitStore } from '~/platform/http/rate-limit-store.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// From tests/app/rate-limits-shared.test.ts (decision 0054): what the shared rate-limit store
// (PostgreSQL, issue 28 finding 14b) adds to a form post. The same 200 posts on PostgreSQL with
// the shared store against the app on PGlite with the in-memory one is not a fair comparison;
// the store's own query is timed instead, as a request makes it.

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('rate limit store latency (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it('measures the added latency of a form post', async () => {
    const Store = postgresRateLimitStore(t.db);
    const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/bench' } } as never);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await new Promise((resolve, reject) =>
        store.incr(
          `bench-${i % 20}`,
          (error, result) => (error ? reject(error) : resolve(result)),
          60_000,
          10,
        ),
      );
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.info(
      `rate limit store (PostgreSQL): median ${times[100]!.toFixed(2)} ms, p95 ${times[190]!.toFixed(2)} ms per request`,
    );
    expect(times[100]).toBeLessThan(20);
  });
});
