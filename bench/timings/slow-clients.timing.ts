import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '@tests/helpers/raw-http';
import { clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

/**
 * The timing tier (decision 0054): from tests/reliability/slow-clients.test.ts, which checks
 * who is cut off and how; here how soon. Slow clients (issue 19, finding 2): sockets that send headers with a large Content-Length
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
  openedAt: number;
  /** Milliseconds from opening to the server closing it. */
  closedAfter: Promise<number>;
}

async function hold(port: number, head: string): Promise<Held> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: ATTACKER });
  socket.on('error', () => undefined);
  socket.resume(); // read what the server sends, so its closing is seen
  const openedAt = Date.now();
  const closedAfter = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - openedAt)),
  );
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', () => resolve());
  });
  socket.write(head);
  return { socket, openedAt, closedAfter };
}

/** Headers that promise a body (within the route's body limit), and the body never comes. */
const stalledBody = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n{"name":`;
const stalledHeaders = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

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
    const held: Held[] = [];
    for (let i = 0; i < 15; i++) held.push(await hold(port, stalledBody('/api/contact', 10_000)));
    for (let i = 0; i < 10; i++)
      held.push(await hold(port, stalledBody('/api/payments/stripe/webhook', 100_000)));
    for (let i = 0; i < 15; i++) held.push(await hold(port, stalledHeaders));

    // Everyone else is answered meanwhile, at once.
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
    const answeredMs = Date.now() - started;

    // Beyond 20 from one address: closed at once. The rest: on the timeouts, none held on.
    const closed = await Promise.race([
      Promise.all(held.map((h) => h.closedAfter)),
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
