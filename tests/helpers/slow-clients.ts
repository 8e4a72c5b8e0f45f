import { connect, type Socket } from 'node:net';
import { clientIp, VALID_ORDER } from './orders';
import { rawRequest } from './raw-http';

/**
 * Slow clients (issue 19, finding 2): sockets that send headers with a large Content-Length
 * and then stall, and sockets that never finish their headers. The limits are the production
 * ones (server-limits.server.ts) scaled down to seconds. Shared by the suite's
 * tests/reliability/slow-clients.test.ts (who is cut off, and how) and the bench's
 * bench/timings/slow-clients.timing.ts (how soon).
 */
export const SLOW_CLIENT_LIMITS = {
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

/** 40 slow sockets from one address: 15 stalled contact posts, 10 stalled webhooks, 15 stalled headers. */
export async function holdForty(port: number): Promise<Held[]> {
  const held: Held[] = [];
  for (let i = 0; i < 15; i++) held.push(await hold(port, stalledBody('/api/contact', 10_000)));
  for (let i = 0; i < 10; i++)
    held.push(await hold(port, stalledBody('/api/payments/stripe/webhook', 100_000)));
  for (let i = 0; i < 15; i++) held.push(await hold(port, stalledHeaders));
  return held;
}

/** Everyone else meanwhile: 10 health checks and 5 orders; their statuses. */
export const othersAnswered = (url: string) =>
  Promise.all([
    ...Array.from({ length: 10 }, async () => (await rawRequest(`${url}/api/health`)).status),
    ...Array.from({ length: 5 }, async (_, i) => {
      const response = await fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(i) },
        body: JSON.stringify(VALID_ORDER),
      });
      return response.status;
    }),
  ]);
