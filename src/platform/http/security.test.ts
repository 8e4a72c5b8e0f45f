import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

function expectSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, where).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(csp, where).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("base-uri 'none'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  let site: TestApp;
  let httpsSite: TestApp;
  beforeAll(async () => {
    site = await startTestApp('pglite');
    httpsSite = await startTestApp('pglite', { PUBLIC_URL: 'https://bbq.example' });
  });
  afterAll(async () => {
    await site.close();
    await httpsSite.close();
  });

  it('are on a page, an API response and error responses', async () => {
    const page = await fetch(`${site.url}/istorija`);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page.headers, 'page');

    const api = await fetch(`${site.url}/api/health`);
    expectSecurityHeaders(api.headers, 'api');

    const html = await page.text();
    const assetPath = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(assetPath).toBeDefined();
    const asset = await fetch(`${site.url}${assetPath}`);
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset.headers, 'asset');

    const etag = page.headers.get('etag') ?? '';
    const notModified = await fetch(`${site.url}/istorija`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified.headers, '304');

    const head = await fetch(`${site.url}/favicon.ico`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectSecurityHeaders(head.headers, 'HEAD of a file');

    const missingPage = await fetch(`${site.url}/missing`);
    expect(missingPage.status).toBe(404);
    expectSecurityHeaders(missingPage.headers, '404 page');

    const badJson = await fetch(`${site.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken',
    });
    expect(badJson.status).toBeGreaterThanOrEqual(400);
    expect(badJson.status).toBeLessThan(500);
    expectSecurityHeaders(badJson.headers, 'error response');
  });

  it('every inline script that runs is allowed by hash and nothing else; data blocks need none', async () => {
    const response = await fetch(`${site.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const { createHash } = await import('node:crypto');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => m[2])
      .map((m) => ({ data: /type="application\/(ld\+)?json"/.test(m[1] ?? ''), body: m[2]! }));
    const running = inline.filter((script) => !script.data);
    // The page has both: the router's scripts, the frame's data and the event's structured data.
    expect(running.length).toBeGreaterThan(0);
    expect(inline.filter((script) => script.data).length).toBeGreaterThanOrEqual(2);
    for (const { body } of running) {
      const hash = createHash('sha256').update(body).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp.match(/'sha256-/g)).toHaveLength(new Set(running.map((script) => script.body)).size);
  });

  it('sends HSTS for at least a year only when the site is public over HTTPS', async () => {
    const plain = await fetch(`${site.url}/`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${site.url}/favicon.ico`)).headers.get('strict-transport-security')).toBeNull();
    for (const path of ['/', '/favicon.ico', '/api/health', '/missing']) {
      const secure = await fetch(`${httpsSite.url}${path}`);
      const hsts = secure.headers.get('strict-transport-security') ?? '';
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
      expect(maxAge, path).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('asks the browser to upgrade requests to https only when the site is served over https', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const assetPath = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    for (const path of ['/', '/istorija', assetPath!, '/favicon.ico', '/api/health', '/missing']) {
      const plain = (await fetch(`${site.url}${path}`)).headers.get('content-security-policy') ?? '';
      expect(plain, `http ${path}`).toContain("default-src 'self'");
      expect(plain, `http ${path}`).not.toContain('upgrade-insecure-requests');
      const secure = (await fetch(`${httpsSite.url}${path}`)).headers.get('content-security-policy') ?? '';
      expect(secure, `https ${path}`).toContain('upgrade-insecure-requests');
    }
  });
});
