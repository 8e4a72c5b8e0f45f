import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz, tableCounts } from '@tests/helpers/fuzz';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

// Random bad requests to every public endpoint (see tests/helpers/fuzz.ts): no answer ≥ 500
// and no row written. FUZZ_RUNS / FUZZ_SEED change the amount and the inputs;
// `npm run bench -- fuzz` sends 20,000 with a fresh seed.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

describe('fuzzing the public endpoints', () => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp('pglite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => site?.close());

  it(`${RUNS} bad requests: no 5xx, no rows written`, async () => {
    const before = await tableCounts(site.db);
    const requests = await fuzz(site, {
      runs: RUNS,
      seed: SEED,
      check: (request, response) =>
        expect(
          response.statusCode,
          `${request.method} ${request.url} → ${response.body.slice(0, 200)}`,
        ).toBeLessThan(500),
    });
    expect(requests).toBeGreaterThanOrEqual(RUNS);
    expect(await tableCounts(site.db)).toEqual(before);
  }, 600_000);
});
