import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftLongHistory, JOINED_WORDS } from '@tests/helpers/long-texts';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 28, finding 2 (b): six history years of 'a_'.repeat(10000) (within the 20,000
// characters a formatted text may have) took 11 s to publish, and every anonymous
// GET /istorija.data then cost 5.2 s. The behaviour here: such texts publish and are served,
// the same bytes to every request. What each costs: bench/timings/rich-text-cost.timing.ts.

describe.each(DEFAULT_TEST_DATABASE)('long formatted texts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('six history years of 20,000 characters publish, and every .data serves them alike', async () => {
    const history = await draftLongHistory(t, 'history-long@example.com');
    const published = await history.publish();
    expect(published.status).toBe(200);

    const bodies = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${t.url}/istorija.data`);
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    expect(bodies[0]).toContain(JOINED_WORDS);
    expect(new Set(bodies).size).toBe(1);
  });
});
