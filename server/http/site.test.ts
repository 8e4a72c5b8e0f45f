import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '../../tests/helpers/test-database';

describe.each(TEST_DATABASE_KINDS)('HTTP server on %s', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp(kind);
  });
  afterAll(() => site.close());

  it('GET /api/health reports the database and the version', async () => {
    const response = await fetch(`${site.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { kind, reachable: true },
    });
  });

  it('answers an unknown API path with JSON 404', async () => {
    const response = await fetch(`${site.url}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found' });
  });
});

describe('built site', () => {
  let site: TestApp;
  beforeAll(async () => {
    // `npm test` builds first; run `npm run build` before running this file alone.
    expect(existsSync('build/client/index.html'), 'run `npm run build` first').toBe(true);
    site = await startTestApp('pglite');
  });
  afterAll(() => site?.close());

  it('serves / as prerendered Lithuanian HTML with a strict CSP', async () => {
    const response = await fetch(`${site.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="lt"');
    expect(html).toContain('Apie renginį');
  });

  it('serves every page without and with a trailing slash', async () => {
    for (const path of ['/istorija', '/istorija/', '/sponsor/reduk/anglys', '/sponsor/2']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const path of ['/no-such-page', '/sponsor/99', '/404', '/istorija/extra']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Oi! Puslapis nerastas');
    }
  });

  it('sends hashed assets precompressed with a one-year immutable cache', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${site.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });
});
