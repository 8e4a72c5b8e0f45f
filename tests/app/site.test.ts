import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from '@tests/helpers/raw-http';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

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
      database: { kind, reachable: true, writable: true },
    });
  });

  /** Every new transaction of the app's database read-only: what a full disk looks like to a write. */
  async function readOnly(on: boolean) {
    if (kind === 'pglite') {
      await sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`).execute(site.db);
      return;
    }
    const name = new URL(site.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `alter database ${name} ${on ? 'set default_transaction_read_only = on' : 'reset all'}`,
      );
      // The pool's connections were opened before: cut them, the pool opens new ones.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    } finally {
      await admin.end();
    }
  }

  it('GET /api/health answers 503 when the database can be read but not written', async () => {
    await readOnly(true);
    try {
      let response = await fetch(`${site.url}/api/health`);
      // PostgreSQL: the first query may meet a connection just cut (503 too, not reachable).
      if (kind === 'postgres') response = await fetch(`${site.url}/api/health`);
      expect(response.status).toBe(503);
      // One cause, named as it is: not a full disk (issue 50, item 8).
      expect(await response.json()).toMatchObject({
        status: 'degraded',
        database: { kind, reachable: true, writable: false },
        problems: ['database_write_failed'],
      });
    } finally {
      await readOnly(false);
    }
    const healthy = await fetch(`${site.url}/api/health`);
    const again = healthy.status === 200 ? healthy : await fetch(`${site.url}/api/health`);
    expect(again.status).toBe(200);
  });

  it.runIf(kind === 'postgres')(
    'GET /api/health names a database it cannot reach as that, not as a full disk (issue 50, item 8)',
    async () => {
      const name = new URL(site.database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const connections = async (allowed: boolean) => {
        await admin.query(`alter database ${name} allow_connections ${allowed}`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      };
      try {
        await connections(false);
        const response = await fetch(`${site.url}/api/health`);
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({
          status: 'degraded',
          database: { kind, reachable: false, writable: false },
          problems: ['database_unreachable'],
        });
      } finally {
        await connections(true);
        await admin.end();
      }
      const healthy = await fetch(`${site.url}/api/health`);
      const again = healthy.status === 200 ? healthy : await fetch(`${site.url}/api/health`);
      expect(again.status).toBe(200);
    },
  );

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
    expect(existsSync('build/server/index.js'), 'run `npm run build` first').toBe(true);
    site = await startTestApp('pglite');
  });
  afterAll(() => site?.close());

  it('serves / as server-rendered Lithuanian HTML with a strict CSP', async () => {
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

  const firstAsset = async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    return /\/assets\/[^"]+\.js/.exec(html)![0];
  };

  it('negotiates br > gzip > identity, each the same page', async () => {
    const plain = (await rawRequest(`${site.url}/istorija`)).body;
    expect(plain.toString()).toContain('<html lang="lt"');
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const response = await rawRequest(`${site.url}/istorija`, { headers });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toBe('accept-encoding, cookie');
      expect(response.headers['content-length'], accept).toBe(String(response.body.length));
      const html = encoding ? decode[encoding](response.body) : response.body;
      expect(html.equals(plain), accept).toBe(true);
    }
  });

  it('answers a matching ETag or an unchanged date with 304 and no body', async () => {
    for (const path of ['/', await firstAsset(), '/favicon.ico']) {
      const first = await rawRequest(`${site.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = (headers: Record<string, string>) =>
        rawRequest(`${site.url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });

      const notModified = await again({ 'if-none-match': etag });
      expect(notModified.status, path).toBe(304);
      expect(notModified.body.length, path).toBe(0);
      expect(notModified.headers.etag, path).toBe(etag);
      expect(notModified.headers['cache-control'], path).toBe(first.headers['cache-control']);
      expect((await again({ 'if-none-match': `"stale", W/${etag}` })).status, path).toBe(304);
      expect((await again({ 'if-none-match': '"stale"' })).status, path).toBe(200);
      const since = first.headers['last-modified'] as string;
      expect((await again({ 'if-modified-since': since })).status, path).toBe(304);
      const before = new Date(Date.parse(since) - 60_000).toUTCString();
      expect((await again({ 'if-modified-since': before })).status, path).toBe(200);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const path of ['/', '/istorija/', await firstAsset(), '/no-such-page']) {
      const get = await rawRequest(`${site.url}${path}`);
      const head = await rawRequest(`${site.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(get.status);
      expect(head.body.length, path).toBe(0);
      expect(head.headers['content-length'], path).toBe(String(get.body.length));
      expect(head.headers.etag, path).toBe(get.headers.etag);
      expect(head.headers['content-type'], path).toBe(get.headers['content-type']);
    }
  });

  it("sends each page in the visitor's language: ?lang= first, then the language cookie", async () => {
    const lithuanian = (await rawRequest(`${site.url}/istorija?lang=lt`)).body;
    const english = (await rawRequest(`${site.url}/istorija?lang=en`)).body;
    expect(lithuanian.toString()).toContain('<html lang="lt"');
    expect(english.toString()).toContain('<html lang="en"');
    const cases: Array<[string, Record<string, string>, Buffer]> = [
      ['/istorija', {}, lithuanian],
      ['/istorija?lang=en', {}, english],
      ['/istorija/?lang=en&utm_source=x', {}, english],
      ['/istorija?lang=lt', { cookie: 'language=en' }, lithuanian],
      ['/istorija', { cookie: 'language=en' }, english],
      ['/istorija', { cookie: 'theme=dark; language=en' }, english],
      ['/istorija', { cookie: 'language=xx' }, lithuanian],
      ['/istorija', { cookie: 'mylanguage=en' }, lithuanian],
      ['/istorija?lang=xx', {}, lithuanian],
    ];
    for (const [path, headers, built] of cases) {
      const response = await rawRequest(`${site.url}${path}`, { headers });
      const label = `${path} ${JSON.stringify(headers)}`;
      expect(response.status, label).toBe(200);
      expect(response.body.equals(built), label).toBe(true);
      expect(response.headers.vary, label).toContain('cookie');
    }
    // Each language version carries the CSP hashes of its own inline scripts.
    const lt = await rawRequest(`${site.url}/istorija`);
    const en = await rawRequest(`${site.url}/istorija?lang=en`);
    expect(en.headers['content-security-policy']).toContain("'sha256-");
    expect(en.headers.etag).not.toBe(lt.headers.etag);
    // The 404 page too.
    const missing = await rawRequest(`${site.url}/no-such-page`, { headers: { cookie: 'language=en' } });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('<html lang="en"');
  });

  it('serves pages with a query string, ignores Range, hides build internals', async () => {
    const plain = await rawRequest(`${site.url}/`);
    const query = await rawRequest(`${site.url}/?utm_source=newsletter`);
    expect(query.status).toBe(200);
    expect(query.body.equals(plain.body)).toBe(true);

    const ranged = await rawRequest(`${site.url}/favicon.ico`, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(200);
    expect(ranged.body.equals(readFileSync('build/client/favicon.ico'))).toBe(true);
    expect(ranged.headers['accept-ranges']).toBeUndefined();

    const asset = await firstAsset();
    for (const path of [
      '/index.html',
      '/istorija/index.html',
      '/istorija/index.en.html',
      '/__spa-fallback.html',
      `${asset}.br`,
    ]) {
      const response = await rawRequest(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toContain('text/html');
    }
    const post = await fetch(`${site.url}/istorija`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: 'not_found' });
  });

  it('sends 404 pages without validators and never as 304', async () => {
    const missing = await rawRequest(`${site.url}/no-such-page`, { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-cache');
    const sponsor = await rawRequest(`${site.url}/sponsor/99`, { headers: { 'accept-encoding': 'gzip' } });
    expect(sponsor.status).toBe(404);
    const plain = await rawRequest(`${site.url}/sponsor/99`);
    expect(gunzipSync(sponsor.body).equals(plain.body)).toBe(true);
    // The sponsor route's own not-found page (hydrates with that route), not the general one.
    expect(plain.body.equals((await rawRequest(`${site.url}/no-such-page`)).body)).toBe(false);
  });

  it("sends /mano-duomenys drawn for the address: the way to get one's links without a link, the answer for the link with one", async () => {
    const page = async (path: string) => (await rawRequest(`${site.url}${path}`)).body.toString('utf8');
    const without = await page('/mano-duomenys');
    expect(without).toContain('Pametėte nuorodą?');
    expect(without).not.toContain('Ši nuoroda neveikia');
    expect(without).not.toContain('Įkeliami jūsų duomenys');
    expect(await page('/mano-duomenys/?lang=en')).toContain('Lost your link?');
    // Issue 34: with a link the server reads it and draws the answer (here: it opens nothing).
    const withLink = await rawRequest(`${site.url}/mano-duomenys?link=some-token`);
    expect(withLink.status).toBe(404);
    expect(withLink.body.toString('utf8')).toContain('Ši nuoroda neveikia');
    expect(withLink.body.toString('utf8')).not.toContain('Įkeliami jūsų duomenys');
    expect(await page('/mano-duomenys?link=')).toBe(without);
    const fast = await rawRequest(`${site.url}/mano-duomenys`);
    const app = await site.app.inject({ method: 'GET', url: '/mano-duomenys' });
    expect(fast.status).toBe(200);
    expect(fast.body.equals(app.rawPayload)).toBe(true);
    for (const path of ['/mano-duomenys?link=x&lang=en', '/mano-duomenys/?link=x&lang=en']) {
      const answer = await rawRequest(`${site.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
      expect(answer.body.toString('utf8'), path).toContain('This link does not work');
    }
  });

  it('sends /order-success without an order home, with the notice for its toast (keeping ?lang)', async () => {
    for (const [path, location] of [
      ['/order-success', '/?notice=order-missing'],
      ['/order-success/?lang=en', '/?lang=en&notice=order-missing'],
      ['/order-success?order_id=', '/?notice=order-missing'],
    ] as const) {
      const fast = await rawRequest(`${site.url}${path}`);
      expect(fast.status, path).toBe(303);
      expect(fast.headers.location, path).toBe(location);
    }
    // With a token the server reads it (issue 34): this one opens no order.
    expect((await rawRequest(`${site.url}/order-success?order_id=abc`)).status).toBe(404);
  });

  it('answers the same on the fast path as through the whole app', async () => {
    expect(site.app.staticFastPath?.enabled).toBe(true);
    const comparable = (headers: RawResponse['headers']) => {
      const copy = { ...headers };
      for (const name of ['date', 'connection', 'keep-alive']) delete copy[name];
      // Node's client always gives set-cookie as a list; inject gives one cookie as a string.
      const cookie = copy['set-cookie'];
      if (typeof cookie === 'string') copy['set-cookie'] = [cookie];
      return copy;
    };
    const home = await rawRequest(`${site.url}/`);
    for (const path of [
      '/',
      '/istorija/',
      '/istorija?lang=en',
      await firstAsset(),
      '/favicon.ico',
      '/favicon.svg',
    ]) {
      const variants: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'if-none-match': home.headers.etag as string },
        { cookie: 'language=en', 'accept-encoding': 'br' },
      ];
      for (const headers of variants) {
        for (const method of ['GET', 'HEAD'] as const) {
          const fast = await rawRequest(`${site.url}${path}`, { method, headers });
          const app = await site.app.inject({ method, url: path, headers });
          const where = `${method} ${path} ${JSON.stringify(headers)}`;
          expect(fast.status, where).toBe(app.statusCode);
          expect(comparable(fast.headers), where).toEqual(comparable(app.headers as RawResponse['headers']));
          expect(fast.body.equals(app.rawPayload), where).toBe(true);
        }
      }
    }
  });
});
