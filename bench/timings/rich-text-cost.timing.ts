import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftLongHistory } from '@tests/helpers/long-texts';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// Issue 28, finding 2 (b): six history years of 'a_'.repeat(10000) (within the 20,000
// characters a formatted text may have) took 11 s to publish, and every anonymous
// GET /istorija.data then cost 5.2 s of the main thread: the Markdown was parsed again on
// every request, and marked's e-mail autolink made that text quadratic.

/** The median time of `runs` sequential GETs of `path`, in milliseconds. */
async function medianMs(url: string, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe.each(TEST_DATABASE_KINDS)('long formatted texts cost a page no more per request (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('six history years of 20,000 characters: publish in seconds at most, each .data as cheap as before', async () => {
    const history = await draftLongHistory(t, 'history-cost@example.com');
    const data = `${t.url}/istorija.data`;
    await medianMs(data, 2); // warm: the page's first render
    const normal = await medianMs(data);
    let started = performance.now();
    const published = await history.publish();
    const publishMs = performance.now() - started;
    expect(published.status).toBe(200);
    console.info(`[${kind}] publish ${publishMs.toFixed(0)} ms; normal .data median ${normal.toFixed(1)} ms`);

    started = performance.now();
    await medianMs(data, 1); // the first request after a publish renders the page
    const firstMs = performance.now() - started;
    const long = await medianMs(data);
    console.info(
      `[${kind}] GET /istorija.data: first after the publish ${firstMs.toFixed(0)} ms, median ${long.toFixed(1)} ms`,
    );
    // The texts are parsed once, not per request: what is left is sending 240 KB more.
    expect(long).toBeLessThan(3 * normal + 30);
    expect(publishMs).toBeLessThan(5_000);
  }, 120_000);
});
