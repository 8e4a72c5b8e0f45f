import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, freePort, startChildServer } from '@tests/helpers/child-server';
import { NGINX, NGINX_MISSING, nginxTest, selfSignedCertificate, siteWith } from '@tests/helpers/nginx';
import { VALID_ORDER } from '@tests/helpers/orders';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '@tests/helpers/test-database';

/**
 * The deployment OPERATING.md describes for several instances (issue 50): the shipped nginx
 * file with TLS in front of two instances on one PostgreSQL database. The first admin's
 * setup link works through nginx whichever instance answers; a rolling restart (one instance
 * after the other, each back before the next goes) fails no request; the access log holds no
 * credential.
 */
const SKIP = NGINX_MISSING || (TEST_DATABASE_KINDS.includes('postgres') ? '' : 'no TEST_DATABASE_URL');

interface Answer {
  status: number;
  body: string;
}

describe.skipIf(SKIP !== '')('two instances behind the shipped nginx, on PostgreSQL', () => {
  let dir: string;
  let database: TestDatabase;
  let nginx: ChildProcess | undefined;
  const servers: ChildServer[] = [];
  const ports: number[] = [];
  let site: string;
  let ca: string;
  let env: Record<string, string>;

  /** One request over a new connection through nginx. */
  let client = 1;
  /** Orders from many addresses: nginx's and the app's per-address write limits are not under test. */
  const nextAddress = () => `127.0.0.${(client++ % 250) + 2}`;
  const request = (route: string, method = 'GET', body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const outgoing = https.request(
        `${site}${route}`,
        {
          method,
          ca,
          servername: 'localhost',
          agent: false,
          localAddress: method === 'GET' ? '127.0.0.1' : nextAddress(),
          headers: body ? { 'content-type': 'application/json', origin: site } : {},
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        },
      );
      outgoing.once('error', reject);
      outgoing.end(body === undefined ? undefined : JSON.stringify(body));
    });

  const startInstance = (index: number) =>
    startChildServer({ ...env, PORT: String(ports[index]) }).then((server) => (servers[index] = server));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bbq-two-instances-'));
    database = await createTestDatabase('postgres');
    selfSignedCertificate(path.join(dir, 'cert.pem'), path.join(dir, 'key.pem'));
    ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const https = await freePort();
    ports.push(await freePort(), await freePort());
    site = `https://localhost:${https}`;
    env = {
      DATABASE_URL: database.url!,
      TRUST_PROXY: 'true',
      PUBLIC_URL: site,
      PAYMENTS: 'test',
      ADMIN_SETUP_TOKEN: '',
      LOG_LEVEL: 'info',
    };
    await Promise.all([startInstance(0), startInstance(1)]);
    // The upstream as OPERATING.md says: one `server` line per instance.
    const conf = siteWith(readFileSync('deploy/nginx-bbq-weekend.conf', 'utf8'), [
      [/listen \[::\]:\d+[^;]*;\n\s*/g, ''],
      [/listen 80;/, `listen 127.0.0.1:${await freePort()};`],
      [/listen 443 ssl http2;/, `listen 127.0.0.1:${https} ssl http2;`],
      [
        /server 127\.0\.0\.1:3000 max_fails=0;/,
        `server 127.0.0.1:${ports[0]} max_fails=0;\n    server 127.0.0.1:${ports[1]} max_fails=0;`,
      ],
      [/ssl_certificate \S+;/, `ssl_certificate ${dir}/cert.pem;`],
      [/ssl_certificate_key \S+;/, `ssl_certificate_key ${dir}/key.pem;`],
      [/root \/var\/www\/letsencrypt;/, `root ${dir}/acme;`],
      [/server_name lietuviubbq\.uk;/g, 'server_name localhost;'],
      [/\/var\/log\/nginx\//g, `${dir}/`],
    ]);
    mkdirSync(path.join(dir, 'acme'));
    const check = nginxTest(dir, conf);
    expect(check.ok, check.output).toBe(true);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (let tries = 0; ; tries++) {
      try {
        await request('/api/health');
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 300_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    for (const server of servers) {
      if (server.process.exitCode === null) server.process.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the first admin through nginx with the link either instance printed', async () => {
    const printed = servers.map((server) => /one-time setup token: ([\w-]{32})/.exec(server.output())?.[1]);
    expect(printed[0]).toBeDefined();
    expect(printed[1]).toBe(printed[0]);
    // nginx's round robin: whichever instance gets the form takes the token.
    const setup = await request('/api/admin/setup', 'POST', {
      token: printed[1],
      firstName: 'Rūta',
      email: 'ruta@example.com',
      password: 'a long enough admin password',
    });
    expect(setup.status, setup.body).toBe(201);
  });

  it('a rolling restart fails no request', async () => {
    let running = true;
    const failures: string[] = [];
    let answered = 0;
    const loop = async (kind: number) => {
      while (running) {
        try {
          const answer =
            kind === 0 ? await request('/api/orders', 'POST', VALID_ORDER) : await request('/kontaktai');
          const expected = kind === 0 ? 201 : 200;
          if (answer.status === expected) answered++;
          else
            failures.push(`${kind === 0 ? 'order' : 'page'}: ${answer.status} ${answer.body.slice(0, 120)}`);
        } catch (error) {
          failures.push(`${kind === 0 ? 'order' : 'page'}: ${String(error)}`);
        }
      }
    };
    const clients = [loop(0), loop(1), loop(1)];
    for (const index of [0, 1]) {
      const before = answered;
      servers[index]!.process.kill('SIGTERM');
      expect(await servers[index]!.exited).toBe(0);
      await startInstance(index);
      // Requests went through while it was down and back (the other instance took them).
      expect(answered).toBeGreaterThan(before);
    }
    running = false;
    await Promise.all(clients);
    const errors = readFileSync(path.join(dir, 'error.log'), 'utf8').split('\n').slice(-15).join('\n');
    expect(failures, errors).toEqual([]);
    expect(answered).toBeGreaterThan(0);
    const log = readFileSync(path.join(dir, 'bbq-weekend.access.log'), 'utf8');
    expect(log).toContain('"POST /api/orders HTTP/1.1" 201');
  }, 300_000);
});
