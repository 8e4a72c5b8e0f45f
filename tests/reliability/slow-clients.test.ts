import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdForty, othersAnswered, SLOW_CLIENT_LIMITS } from '@tests/helpers/slow-clients';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

// Slow clients (issue 19, finding 2): the server cuts them off on its timeouts, caps what one
// address may hold, and keeps answering everyone else (tests/helpers/slow-clients.ts).
const LIMITS = SLOW_CLIENT_LIMITS;

describe('slow clients', () => {
  let site: TestApp;
  let port: number;
  beforeAll(async () => {
    site = await startTestApp('pglite', {}, { limits: LIMITS });
    port = Number(new URL(site.url).port);
  });
  afterAll(() => site.close());

  it('are cut off on the timeouts and the per-address cap while others are answered', async () => {
    const held = await holdForty(port);
    // Everyone else is answered meanwhile (how soon: bench/timings/slow-clients.timing.ts).
    expect(await othersAnswered(site.url)).toEqual([...Array(10).fill(200), ...Array(5).fill(201)]);

    // Every slow socket is closed by the server (the test's timeout is the deadline): beyond
    // 20 open from one address at once, without a word; the rest on the timeouts, with a 408,
    // or, past the contact form's rate limit, with a 429 before its body.
    const closed = await Promise.all(held.map((h) => h.closed));
    for (const h of held) h.socket.destroy();
    const firstLines = closed.map((sent) => sent.split('\r\n')[0]);
    const count = (line: string) => firstLines.filter((first) => first === line).length;
    const [refused, timedOut, limited] = [
      count(''),
      count('HTTP/1.1 408 Request Timeout'),
      count('HTTP/1.1 429 Too Many Requests'),
    ];
    expect(refused + timedOut + limited, JSON.stringify(firstLines)).toBe(held.length);
    expect(refused).toBeGreaterThan(0);
    expect(timedOut).toBeGreaterThan(0);
    // At least the 20 the cap lets in were held until the server cut them off.
    expect(timedOut + limited).toBeGreaterThanOrEqual(LIMITS.maxConnectionsPerAddress);
  }, 30_000);

  it('every public POST has a body limit and a rate limit, the payment webhook too', async () => {
    const big = 'x'.repeat(600 * 1024);
    const tooLarge = await fetch(`${site.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: big,
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: 'payload_too_large' });

    const statuses: number[] = [];
    for (let i = 0; i < 400 && !statuses.includes(429); i++) {
      const response = await fetch(`${site.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toContain(429);
  }, 60_000);
});
