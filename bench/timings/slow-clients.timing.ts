import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdForty, othersAnswered, SLOW_CLIENT_LIMITS } from '@tests/helpers/slow-clients';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

/**
 * The timing tier (decision 0054): from tests/reliability/slow-clients.test.ts, which checks
 * who is cut off and how; here how soon (tests/helpers/slow-clients.ts).
 */
const LIMITS = SLOW_CLIENT_LIMITS;

describe('slow clients timing', () => {
  let site: TestApp;
  let port: number;
  beforeAll(async () => {
    site = await startTestApp('pglite', {}, { limits: LIMITS });
    port = Number(new URL(site.url).port);
  });
  afterAll(() => site.close());

  it('are cut off on the timeouts and the per-address cap while others are answered', async () => {
    const started = Date.now();
    const held = await holdForty(port);
    // The milliseconds from each one's opening (about now) to the server closing it.
    const opened = Date.now();
    const closedAfter = held.map((h) => h.closed.then(() => Date.now() - opened));
    // Everyone else is answered meanwhile, at once.
    expect(await othersAnswered(site.url)).toEqual([...Array(10).fill(200), ...Array(5).fill(201)]);
    const answeredMs = Date.now() - started;

    // Beyond 20 from one address: closed at once. The rest: on the timeouts, none held on.
    const closed = await Promise.race([
      Promise.all(closedAfter),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    for (const h of held) h.socket.destroy();
    expect(closed, 'every slow socket closed by the server').not.toBeNull();
    console.info(
      `slow clients: others answered in ${answeredMs} ms; slow sockets closed after ${closed!.filter((ms) => ms < 500).length} under 0.5 s, the last ${Math.max(...closed!)} ms`,
    );
    expect(answeredMs).toBeLessThan(LIMITS.headersTimeoutMs + 1_500);
    expect(closed!.filter((ms) => ms < 500).length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...closed!)).toBeLessThan(
      LIMITS.requestTimeoutMs + 2 * LIMITS.timeoutCheckIntervalMs + 1_500,
    );
  }, 30_000);
});
