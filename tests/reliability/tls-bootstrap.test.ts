import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@tests/helpers/child-server';
import {
  NGINX,
  NGINX_MISSING,
  nginxMainConfiguration,
  nginxTest,
  selfSignedCertificate,
  siteWith,
} from '@tests/helpers/nginx';

/**
 * TLS on a new server, in the order docs/OPERATING.md gives (issue 50, item 6), on a clean
 * layout: the full site file cannot start before a certificate exists, so the first stage
 * (deploy/nginx-bbq-weekend-acme.conf) serves only Let's Encrypt's challenge over HTTP; once
 * certbot has written the certificate, the full file passes `nginx -t`.
 */
describe.skipIf(NGINX_MISSING !== '')('TLS on a new server, in the documented order', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-tls-bootstrap-'));
  let nginx: ChildProcess | undefined;
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the challenge before any certificate, then takes the full site once certbot has written one', async () => {
    const port = await freePort();
    const webroot = path.join(dir, 'www', 'letsencrypt');
    const live = path.join(dir, 'letsencrypt', 'live', 'example.test');
    // The server's own paths, moved under this test's folder; the domain is the operator's.
    const layout: Array<[RegExp, string]> = [
      [/listen \[::\]:\d+[^;]*;\n\s*/g, ''], // no IPv6 on every test machine
      [/listen 80;/, `listen 127.0.0.1:${port};`],
      [/root \/var\/www\/letsencrypt;/, `root ${webroot};`],
      [/server_name lietuviubbq\.uk;/g, 'server_name example.test;'],
    ];
    const full = siteWith(readFileSync('deploy/nginx-bbq-weekend.conf', 'utf8'), [
      ...layout,
      [/listen 443 ssl http2;/, `listen 127.0.0.1:${await freePort()} ssl http2;`],
      [/\/etc\/letsencrypt\/live\/lietuviubbq\.uk/g, live],
      [/\/var\/log\/nginx\//g, `${dir}/`],
      [/server 127\.0\.0\.1:3000 max_fails=0;/, `server 127.0.0.1:${await freePort()} max_fails=0;`],
    ]);
    const acme = siteWith(readFileSync('deploy/nginx-bbq-weekend-acme.conf', 'utf8'), layout);

    // Why there is a first stage: the full file names a certificate that does not exist yet.
    const tooEarly = nginxTest(dir, full);
    expect(tooEarly.ok).toBe(false);
    expect(tooEarly.output).toMatch(/cannot load certificate/);

    // Stage 1, as the docs give it: the webroot, then the HTTP-only file.
    mkdirSync(webroot, { recursive: true });
    const first = nginxTest(dir, acme);
    expect(first.ok, first.output).toBe(true);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    // What certbot's webroot check does: a file in the webroot, fetched over plain HTTP.
    mkdirSync(path.join(webroot, '.well-known', 'acme-challenge'), { recursive: true });
    writeFileSync(path.join(webroot, '.well-known', 'acme-challenge', 'probe-token'), 'probe-token.key');
    const url = `http://127.0.0.1:${port}/.well-known/acme-challenge/probe-token`;
    const challenge = await expectAnswer(url, { host: 'example.test' });
    expect(challenge.status).toBe(200);
    expect(challenge.text).toBe('probe-token.key');
    expect((await expectAnswer(`http://127.0.0.1:${port}/`, { host: 'example.test' })).status).toBe(503);

    // certbot has written the certificate: the full file passes.
    mkdirSync(live, { recursive: true });
    selfSignedCertificate(path.join(live, 'fullchain.pem'), path.join(live, 'privkey.pem'));
    const second = nginxTest(dir, full);
    expect(second.ok, second.output).toBe(true);
    expect(nginxMainConfiguration(dir, full)).toContain(live);
  }, 60_000);
});

/** GET, retried only while nginx is not yet listening (it was just started). */
async function expectAnswer(url: string, headers: Record<string, string>) {
  for (let tries = 0; ; tries++) {
    try {
      const response = await fetch(url, { headers });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
