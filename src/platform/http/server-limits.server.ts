import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import { readFileSync } from 'node:fs';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * Every limit of the HTTP server, in this one place (docs/OPERATING.md, "Operating: timeouts,
 * limits and restarts"). Node's own defaults are 60 s for headers, 300 s for a request and no cap on
 * connections, and Fastify's defaults turn the request timeout off: a client that sends
 * headers with a large Content-Length and then stalls held its socket forever, and a few
 * thousand of them used up the process's open files (issue 19, finding 2).
 */
export interface ServerLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (then 408 and the socket closes). */
  requestTimeoutMs: number;
  /** A socket with no traffic at all for this long is closed (a stalled response, a silent client). */
  socketIdleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two request timeouts above (their precision). */
  timeoutCheckIntervalMs: number;
  /** Open connections in all; further ones are closed at once. Keep it below `ulimit -n`. */
  maxConnections: number;
  /**
   * Open connections from one address; further ones from it are closed at once, so one
   * client cannot take every connection. Not applied behind a reverse proxy (TRUST_PROXY),
   * where every connection comes from the proxy: limit per client there (nginx limit_conn).
   */
  maxConnectionsPerAddress: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  socketIdleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckIntervalMs: 1_000,
  maxConnections: 900,
  maxConnectionsPerAddress: 64,
};

const draining = new WeakSet<Server>();

/**
 * The HTTP server (Fastify's `serverFactory`, see static-site.server.ts) with the limits
 * applied. `perAddress`: count connections per remote address (off behind a proxy).
 */
export function createLimitedServer(
  handler: RequestListener,
  limits: ServerLimits,
  perAddress: boolean,
): Server {
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    (request: IncomingMessage, response: ServerResponse) => {
      // Shutting down: answer, then close the connection (the client will not reuse it).
      if (draining.has(server)) response.shouldKeepAlive = false;
      handler(request, response);
    },
  );
  server.setTimeout(limits.socketIdleTimeoutMs);
  server.maxConnections = limits.maxConnections;
  if (perAddress) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left === 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }
  return server;
}

/**
 * Connections the kernel has completed on the listening socket that this process has not
 * accepted yet (Linux: the listening socket's receive queue in /proc/net/tcp{,6}); undefined
 * where that cannot be read.
 */
function acceptQueueLength(server: Server): number | undefined {
  const address = server.address();
  if (!address || typeof address === 'string') return undefined;
  let found: number | undefined;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; 0A is LISTEN
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local || !queues) continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== address.port) continue;
      found = (found ?? 0) + Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
    }
  }
  return found;
}

/**
 * Closing a listening socket resets every connection still in its accept queue, and a busy
 * process accepts only a few per turn of its event loop: under load a dozen clients that
 * had connected and sent their request before the signal got ECONNRESET (issue 42,
 * finding 8). So before closing, accept as many connections as were queued when the stop
 * began (they are answered with `Connection: close`), for at most `graceMs`. Where the queue
 * cannot be read, one short turn of accepting instead.
 */
async function acceptQueued(server: Server, graceMs: number): Promise<void> {
  // Listening again with a backlog of 0 keeps the queue but lets no new connection join it
  // (Linux drops their SYNs; when they try again the port is closed, which a proxy takes as
  // "try another instance"). Node's handle has no public way to do this.
  (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle?.listen?.(0);
  const queued = acceptQueueLength(server);
  if (queued === 0) return;
  await new Promise<void>((resolve) => {
    let accepted = 0;
    const done = () => {
      server.off('connection', onConnection);
      clearTimeout(timer);
      resolve();
    };
    const onConnection = () => {
      if (queued !== undefined && ++accepted >= queued) done();
    };
    server.on('connection', onConnection);
    const timer = setTimeout(done, queued === undefined ? FALLBACK_ACCEPT_MS : graceMs);
    timer.unref();
  });
}

/** Where the accept queue cannot be read: how long a stop keeps accepting. */
const FALLBACK_ACCEPT_MS = 250;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Graceful shutdown of the HTTP side: stop listening at once (new connections are refused),
 * but keep the connections already open. A request that arrives on one is answered, with
 * `Connection: close`, and the connection closes after that answer; a connection that stays
 * idle closes on the keep-alive timeout, which the client was told (`Keep-Alive: timeout=5`)
 * and so does not race. Requests still running get up to `graceMs`, then whatever is left is
 * closed. (Node's own `server.close()` closes idle keep-alive connections at once, and a
 * client sending its next request on one got ECONNRESET: issue 19, finding 11. Closing them
 * ourselves after a fixed window has the same race, only later.)
 */
export async function drainServer(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  draining.add(server);
  await acceptQueued(server, graceMs);
  const closed = new Promise<void>((resolve) => {
    // net.Server's close: stop accepting, resolve when the last connection has ended.
    NetServer.prototype.close.call(server, () => resolve());
  });
  await Promise.race([closed, wait(graceMs)]);
  server.closeAllConnections();
}
