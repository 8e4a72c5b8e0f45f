import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, freePort, startChildServer } from '@tests/helpers/child-server';
import { VALID_ORDER } from '@tests/helpers/orders';
import { FORM_RATE_LIMIT } from '~/platform/forms/form-endpoint.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import {
  NGINX,
  NGINX_MISSING,
  nginxMainConfiguration,
  selfSignedCertificate,
  siteWith,
} from '@tests/helpers/nginx';

/**
 * The shipped nginx recipe (deploy/nginx-bbq-weekend.conf) in front of the real server
 * (TRUST_PROXY=true, an https PUBLIC_URL), with a self-signed certificate made here: Debian's
 * nginx runs the file as shipped, with only its ports, paths and certificate substituted.
 */
const SHIPPED = readFileSync('deploy/nginx-bbq-weekend.conf', 'utf8');
const SKIP = NGINX_MISSING;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a new connection, from `localAddress` (127.0.0.x: distinct clients to nginx). */
function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress = '127.0.0.1',
    ca,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    ca?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      { method, headers, localAddress, ca, servername: 'localhost', agent: false },
      (response) => {
        let text = '';
        response.setEncoding('latin1');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

/** The shipped configuration with this test's ports, upstream, certificate and paths; each must be found. */
function testConfiguration(
  shipped: string,
  ports: { http: number; https: number; app: number },
  dir: string,
) {
  const substitutions: Array<[RegExp, string]> = [
    [/listen \[::\]:\d+[^;]*;\n\s*/g, ''], // no IPv6 on every test machine
    [/listen 80;/, `listen 127.0.0.1:${ports.http};`],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`],
    [/server 127\.0\.0\.1:3000 max_fails=0;/, `server 127.0.0.1:${ports.app} max_fails=0;`],
    [/ssl_certificate \S+;/, `ssl_certificate ${dir}/cert.pem;`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${dir}/key.pem;`],
    [/root \/var\/www\/letsencrypt;/, `root ${dir}/acme;`],
    [/server_name lietuviubbq\.uk;/g, 'server_name localhost;'],
    [/access_log \/var\/log\/nginx\/bbq-weekend\.access\.log /g, `access_log ${dir}/site-access.log `],
  ];
  return nginxMainConfiguration(dir, siteWith(shipped, substitutions));
}

describe('behind the shipped nginx configuration', () => {
  let dir: string;
  let server: ChildServer;
  let nginx: ChildProcess | undefined;
  let nginxLog = '';
  let ca: string;
  let site: string;
  let plain: string;
  const ADMIN_SETUP_TOKEN = 'proxy-test-setup-token-0123456789';

  beforeAll(async () => {
    if (SKIP) return;
    dir = mkdtempSync(path.join(tmpdir(), 'bbq-nginx-'));
    mkdirSync(path.join(dir, 'acme'));
    selfSignedCertificate(path.join(dir, 'cert.pem'), path.join(dir, 'key.pem'));
    ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const ports = { http: await freePort(), https: await freePort(), app: 0 };
    site = `https://localhost:${ports.https}`;
    plain = `http://127.0.0.1:${ports.http}`;
    server = await startChildServer({
      DATA_DIR: path.join(dir, 'data'),
      TRUST_PROXY: 'true',
      PUBLIC_URL: site,
      PAYMENTS: 'test',
      ADMIN_SETUP_TOKEN,
      LOG_LEVEL: 'info',
    });
    ports.app = Number(new URL(server.url).port);
    writeFileSync(path.join(dir, 'nginx.conf'), testConfiguration(SHIPPED, ports, dir));
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    for (let tries = 0; ; tries++) {
      try {
        await request(`${site}/api/health`, { ca });
        break;
      } catch (error) {
        if (tries > 100)
          throw new Error(`nginx did not start: ${String(error)}\n${nginxLog}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT'); // graceful stop
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    if (server) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends HTTP to HTTPS', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const answer = await request(`${plain}/lt/apie?x=1`, { headers: { host: 'localhost' } });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://localhost/lt/apie?x=1');
  });

  it('serves pages over TLS with HSTS and the app’s own precompressed bytes', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const home = await request(`${site}/`, { ca });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toMatch(/<html/);
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The app compresses; nginx neither compresses again nor strips it.
    const brotli = await request(`${site}/`, { ca, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    const health = await request(`${site}/api/health`, { ca });
    expect(health.status).toBe(200);
  });

  /** An order through nginx from `localAddress`; answers its token. */
  async function placeOrder(localAddress: string): Promise<string> {
    const order = await request(`${site}/api/orders`, {
      ca,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify(VALID_ORDER),
      localAddress,
    });
    expect(order.status, order.body).toBe(201);
    return (JSON.parse(order.body) as { token: string }).token;
  }

  it('takes an order, and signs an admin in with a __Host- Secure cookie', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const json = { 'content-type': 'application/json', origin: site };
    const token = await placeOrder('127.0.0.9');
    expect((await request(`${site}/api/orders/${token}`, { ca })).status).toBe(200);

    const credentials = { email: 'proxy@example.com', password: 'a long admin password 1' };
    const setup = await request(`${site}/api/admin/setup`, {
      ca,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: ADMIN_SETUP_TOKEN, firstName: 'Rūta', ...credentials }),
    });
    expect(setup.status, setup.body).toBe(201);
    const login = await request(`${site}/api/admin/login`, {
      ca,
      method: 'POST',
      headers: json,
      body: JSON.stringify(credentials),
    });
    expect(login.status, login.body).toBe(200);
    const cookie = login.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^__Host-bbq_admin=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await request(`${site}/api/admin/me`, { ca, headers: { cookie: cookie.split(';')[0]! } });
    expect(me.status).toBe(200);
  });

  it('keeps every credential an address carries out of nginx’s access log (issue 50, item 1)', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const token = await placeOrder('127.0.0.10');
    // A real order token, and a marker in every other place a credential travels: the log's
    // format, not the app, decides what is written.
    const secret = (kind: string) => `Secret${kind}Zq81xWv3`;
    const addresses = [
      `/api/orders/${token}`,
      `/api/orders/${token}/erase`,
      `/order-success?order_id=${token}`,
      `/order-history?link=${secret('History')}`,
      `/mano-duomenys?link=${secret('MyData')}&lang=en`,
      `/api/my-data?link=${secret('ApiMyData')}`,
      `/registracija-vieta?offer=${secret('Offer')}`,
      `/admin/invitation?token=${secret('Invitation')}`,
      `/admin/check-in?link=${secret('CheckIn')}`,
      `/pay/test/${secret('Checkout')}`,
    ];
    for (const address of addresses) await request(`${site}${address}`, { ca });
    await request(`${plain}/order-success?order_id=${token}`, { headers: { host: 'localhost' } });
    const log = readFileSync(path.join(dir, 'site-access.log'), 'utf8');
    // The requests are there (so the log is the one written), their secrets are not.
    expect(log).toContain('"GET /order-success HTTP/1.1" 200');
    expect(log).toContain('"GET /api/orders/[redacted] HTTP/1.1" 200');
    expect(log).toContain('"GET /api/orders/[redacted]/erase HTTP/1.1"');
    expect(log).toContain('"GET /pay/test/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /mano-duomenys HTTP/1.1"');
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/Secret[A-Za-z]+Zq81xWv3/);
  });

  it('hands the database to nobody through nginx, whatever they send (issue 28, finding 9)', async (context) => {
    if (SKIP) return context.skip(SKIP);
    // nginx connects from 127.0.0.1: anything the app granted to loopback was granted to the
    // world. The release before this one left a token for `npm run db:backup` in DATA_DIR;
    // use it if it is there, as an attacker who learnt it would.
    const left = path.join(dir, 'data', 'local-access.json');
    const token = existsSync(left)
      ? (JSON.parse(readFileSync(left, 'utf8')) as { token: string }).token
      : 'x';
    const gzip = (body: string) => body.startsWith('\x1f\x8b');
    for (const headers of [{ authorization: `Bearer ${token}` }, {}] as Array<Record<string, string>>) {
      const backup = await request(`${site}/api/admin/backup`, { ca, headers });
      expect(backup.status).toBe(401);
      expect(gzip(backup.body)).toBe(false);
    }
    // The command's own way in is a Unix socket in DATA_DIR: no URL of the site reaches it.
    for (const url of ['/backup', '/backup.sock', '/api/backup']) {
      const answer = await request(`${site}${url}`, { ca });
      expect(answer.status, url).toBe(404);
      expect(gzip(answer.body)).toBe(false);
    }
  });

  it('rate limits key on the client nginx saw; a forged X-Forwarded-For changes nothing', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const order = (localAddress: string, forged: string) =>
      request(`${site}/api/orders`, {
        ca,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify(VALID_ORDER),
        localAddress,
      });
    // 15 orders a minute per client: the 16th from 127.0.0.2 is refused, whatever it claims.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await order('127.0.0.2', `203.0.113.${i}`)).status);
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(201));
    expect(statuses[15]).toBe(429);
    // Another client (another address to nginx) has its own limit.
    expect((await order('127.0.0.3', '203.0.113.1')).status).toBe(201);
    // The app logs the client nginx saw, never the claimed one.
    expect(server.output()).toContain('"remoteAddress":"127.0.0.2"');
    expect(server.output()).not.toMatch(/203\.0\.113\./);
  });

  it('nginx refuses a burst of writes from one client with the app’s error body; reads are not counted (issue 28, finding 14b)', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const localAddress = '127.0.0.4';
    // Posts to no route: the app answers 404 and has no limit of its own, so every 429 is nginx's.
    const post = (path = '/api/no-such-route') =>
      request(`${site}${path}`, {
        ca,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        localAddress,
      });
    const answers = await Promise.all(Array.from({ length: 40 }, post));
    const refused = answers.filter((answer) => answer.status === 429);
    // One at once plus a burst of 30 pass; the rest wait for the rate of one a second.
    expect(refused.length).toBeGreaterThanOrEqual(8);
    expect(refused.length).toBeLessThanOrEqual(9);
    expect(refused[0]!.headers['retry-after']).toBe('60');
    expect(JSON.parse(refused[0]!.body)).toEqual({
      error: 'rate_limited',
      message: 'common:apiErrors.rateLimited',
      retryAfter: 60,
    });
    // Reads from the same client pass.
    expect((await request(`${site}/api/health`, { ca, localAddress })).status).toBe(200);
    // Stripe's webhook is not counted here (its addresses send every payment's event).
    expect((await post('/api/payments/stripe/webhook')).status).not.toBe(429);
  });

  it('a form posted without scripts that meets a rate limit comes back with what was typed (issue 31, item 9)', async (context) => {
    if (SKIP) return context.skip(SKIP);
    const localAddress = '127.0.0.5';
    // This client has used up nginx's burst for API writes (an admin at work, a script)…
    await Promise.all(
      Array.from({ length: 31 }, () =>
        request(`${site}/api/no-such-route`, {
          ca,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          localAddress,
        }),
      ),
    );
    // …and then posts the contact form without scripts, with a mistake, again and again.
    const typed = 'Typed Before The Limit';
    const post = () =>
      request(`${site}/kontaktai?lang=en`, {
        ca,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: typed,
          email: 'nope',
          phone: '',
          subject: 'general',
          message: 'x',
        }).toString(),
        localAddress,
      });
    const answers: Answer[] = [];
    for (let i = 0; i <= FORM_RATE_LIMIT.max; i++) answers.push(await post());
    // The app answers every one with the page: the errors, then its own rate limit.
    expect(answers.map((answer) => answer.status)).toEqual([...Array(FORM_RATE_LIMIT.max).fill(400), 429]);
    const refused = answers.at(-1)!;
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain('Too many attempts in a short time.');
    expect(refused.body).toContain(`value="${typed}"`);
  });
});

describe('TRUST_PROXY=false: a forged X-Forwarded-For is not believed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { TRUST_PROXY: 'false' });
  });
  afterAll(() => t?.close());

  it('every order counts against the connection’s own address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${t.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify(VALID_ORDER),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(201));
    expect(statuses[15]).toBe(429);
  });
});
