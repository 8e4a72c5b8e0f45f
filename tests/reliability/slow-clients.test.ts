import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '@tests/helpers/raw-http';
import { clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

/**
 * Slow clients (issue 19, finding 2): sockets that send headers with a large Content-Length
 * and then stall, and sockets that never finish their headers. The server cuts them off on
 * its timeouts, caps what one address may hold, and keeps answering everyone else. The
 * limits are the production ones (server-limits.server.ts) scaled down to seconds.
 */
const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  timeoutCheckIntervalMs: 250,
  maxConnectionsPerAddress: 20,
};
const ATTACKER = '127.0.0.2'; // another loopback address: another client

interface Held {
  socket: Socket;
  /** What the server sent before it closed the socket. */
  closed: Promise<string>;
}

async function hold(port: number, head: string): Promise<Held> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: ATTACKER });
  socket.on('error', () => undefined);
  let sent = '';
  socket.on('data', (chunk: Buffer) => (sent += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(sent)));
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', () => resolve());
  });
  socket.write(head);
  return { socket, closed };
}

/** Headers that promise a body (within the route's body limit), and the body never comes. */
const stalledBody = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n{"name":`;
const stalledHeaders = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

describe('slow clients', () => {
  let site: TestApp;
  let port: number;
  beforeAll(async () => {
    site = await startTestApp('pglite', {}, { limits: LIMITS });
    port = Number(new URL(site.url).port);
  });
  afterAll(() => site.close());

  it('are cut off on the timeouts and the per-address cap while others are answered', async () => {
    const held: Held[] = [];
    for (let i = 0; i < 15; i++) held.push(await hold(port, stalledBody('/api/contact', 10_000)));
    for (let i = 0; i < 10; i++)
      held.push(await hold(port, stalledBody('/api/payments/stripe/webhook', 100_000)));
    for (let i = 0; i < 15; i++) held.push(await hold(port, stalledHeaders));

    // Everyone else is answered meanwhile (how soon: bench/timings/slow-clients.timing.ts).
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => rawRequest(`${site.url}/api/health`)),
      ...Array.from({ length: 5 }, async (_, i) => {
        const response = await fetch(`${site.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(i) },
          body: JSON.stringify(VALID_ORDER),
        });
        return { status: response.status };
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(200), ...Array(5).fill(201)]);

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
