import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '@tests/helpers/raw-http';
import {
  acceptedEncodings,
  chooseVariant,
  HASHED_ASSET_CACHE,
  isNotModified,
  loadAssets,
  OTHER_FILE_CACHE,
  PAGE_CACHE,
  pageFile,
  type PageTable,
  type StaticAssets,
  type StaticFile,
} from './static-files.server';
import {
  createStaticFastPath,
  type LiveSite,
  registerStaticSite,
  serverWithFastPath,
} from './static-site.server';

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${'x'.repeat(600)}` +
  `<script>console.log(${JSON.stringify(title)})</script></body></html>`;

/** A small build: a hashed asset with .br/.gz siblings, other files. */
function makeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-static-'));
  const write = (rel: string, data: string | Buffer, compress = false) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), data);
    if (compress) {
      writeFileSync(path.join(dir, `${rel}.br`), brotliCompressSync(data));
      writeFileSync(path.join(dir, `${rel}.gz`), gzipSync(data));
    }
  };
  write('assets/app-x1y2.js', `export const app = ${JSON.stringify('y'.repeat(2000))};`, true);
  write('assets/tiny-a1b2.js', 'export {};');
  write('favicon.ico', Buffer.from([0, 0, 1, 0]));
  write('robots.txt', 'User-agent: *\n');
  write('site-sw.js', "self.addEventListener('fetch', () => {});");
  return dir;
}

/** Rendered pages as the renderer makes them (platform/render), in both languages. */
async function makePages(): Promise<PageTable> {
  const bilingual = async (url: string, title: string) => {
    const file = pageFile(url, page(title), new Date('2026-08-15T12:00:00Z'), true);
    file.english = pageFile(url, page(`${title} (en)`), new Date('2026-08-15T12:00:00Z'), true);
    // Its gzip and best brotli join it in turn (a request before then compresses it at once).
    await Promise.all([file.brotliReady, file.english.brotliReady]);
    return file;
  };
  return {
    files: new Map([
      ['/', await bilingual('/', 'home')],
      ['/istorija', await bilingual('/istorija', 'history')],
    ]),
    notFound: await bilingual('/404', 'not found'),
    notFoundVariants: [
      { pattern: /^\/sponsor\/[^/]+\/?$/, file: await bilingual('/sponsor/0', 'no such sponsor') },
    ],
  };
}

function liveSite(assets: StaticAssets, pages: PageTable): LiveSite {
  return {
    assets,
    pages,
    ensurePage: async () => undefined,
    data: async () => new Response('[]', { headers: { 'content-type': 'text/x-script' } }),
    renderLive: async () => ({ status: 200, html: '', headers: {} }),
    action: async () => new Response(''),
    renderPrivate: async () => new Response(''),
    admin: async () => new Response(''),
  };
}

describe('the tables', () => {
  let dir: string;
  let assets: StaticAssets;
  let pages: PageTable;
  beforeAll(async () => {
    dir = makeBuild();
    assets = loadAssets(dir)!;
    pages = await makePages();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const site = {
    get files() {
      return new Map<string, StaticFile>([...assets.files, ...pages.files]);
    },
  };

  it('compresses a fresh page for its first request, then makes its best brotli; a replaced page skips it', async () => {
    const html = page(`fresh ${'words differ here and there '.repeat(200)}`);
    const file = pageFile('/fresh', html, new Date('2026-08-15T12:00:00Z'), true);
    // Nothing compressed before the page joins the table (a banner publish swaps in every page
    // at once, decision 0044); the first request that accepts brotli gets a quick one.
    expect(file.br).toBeUndefined();
    const quick = chooseVariant(file, 'gzip, br');
    expect(quick.encoding).toBe('br');
    expect(file.br).toBe(quick);
    expect(brotliDecompressSync(quick.body!).toString('utf8')).toBe(html);
    expect(chooseVariant(file, 'gzip, br')).toBe(quick);
    const gzip = chooseVariant(file, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body!).toString('utf8')).toBe(html);
    expect(chooseVariant(file, 'identity').encoding).toBe('identity');
    // Brotli 11 for every page at once filled both cores for tens of seconds (decision 0043).
    await file.brotliReady;
    expect(file.br).not.toBe(quick);
    expect(file.br!.body!.length).toBeLessThanOrEqual(quick.body!.length);

    const replaced = pageFile('/replaced', html, new Date('2026-08-15T12:00:00Z'), true);
    const first = chooseVariant(replaced, 'br');
    replaced.retired = true;
    await replaced.brotliReady;
    expect(replaced.br).toBe(first);
  });

  it('has a URL per built file, none for the precompressed siblings', () => {
    expect([...assets.files.keys()].sort()).toEqual([
      '/assets/app-x1y2.js',
      '/assets/tiny-a1b2.js',
      '/favicon.ico',
      '/robots.txt',
      '/site-sw.js',
    ]);
  });

  it('computes type, length, caching, validators and the page CSP once', () => {
    const home = site.files.get('/')!;
    expect(home.identity.ok).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE,
      'content-length': String(home.identity.body!.length),
      vary: 'accept-encoding, cookie',
    });
    expect(home.english!.identity.body!.toString()).toContain('home (en)');
    expect(home.identity.ok['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(home.br!.ok['content-encoding']).toBe('br');
    expect(home.gzip!.ok['content-encoding']).toBe('gzip');
    expect(new Set([home.identity.etag, home.br!.etag, home.gzip!.etag]).size).toBe(3);
    expect(home.identity.notModified).not.toHaveProperty('content-length');
    expect(home.identity.notFound).not.toHaveProperty('etag');

    const asset = site.files.get('/assets/app-x1y2.js')!.identity.ok;
    expect(asset['content-type']).toBe('application/javascript; charset=utf-8');
    expect(asset['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(asset['content-security-policy']).toMatch(/script-src 'self';/);
    const tiny = site.files.get('/assets/tiny-a1b2.js')!.identity.ok;
    expect(tiny).not.toHaveProperty('vary'); // nothing to negotiate
    expect(site.files.get('/favicon.ico')!.identity.ok['cache-control']).toBe(OTHER_FILE_CACHE);
    expect(site.files.get('/robots.txt')!.identity.ok['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('serves a service worker script revalidated every time, as a script our CSP allows', () => {
    // An hour's cache would keep a visitor on an old worker (decision 0042).
    const worker = site.files.get('/site-sw.js')!.identity.ok;
    expect(worker['cache-control']).toBe(PAGE_CACHE);
    expect(worker['content-type']).toBe('application/javascript; charset=utf-8');
    expect(worker['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('keeps built files over the memory cap on disk', () => {
    const capped = loadAssets(dir, { maxMemoryBytes: 0 })!;
    expect(capped.memoryBytes).toBe(0);
    expect(capped.files.get('/assets/app-x1y2.js')!.identity.body).toBeUndefined();
    expect(assets.files.get('/assets/app-x1y2.js')!.identity.body).toBeInstanceOf(Buffer);
  });

  it('prefers br, then gzip, then identity, honouring q=0', () => {
    const home = site.files.get('/')!;
    const pick = (header: string | undefined) => chooseVariant(home, header).encoding;
    expect(pick(undefined)).toBe('identity');
    expect(pick('gzip, deflate, br, zstd')).toBe('br');
    expect(pick('gzip')).toBe('gzip');
    expect(pick('x-gzip')).toBe('gzip');
    expect(pick('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pick('*')).toBe('br');
    expect(pick('*;q=0, gzip')).toBe('gzip');
    expect(pick('identity')).toBe('identity');
    expect(pick('BR;Q=0.1')).toBe('br');
    expect(acceptedEncodings('')).toBe(0);
  });

  it('answers conditional requests by ETag first, then by date', () => {
    const home = site.files.get('/')!;
    const v = home.identity;
    const later = new Date((home.modifiedSeconds + 60) * 1000).toUTCString();
    const earlier = new Date((home.modifiedSeconds - 60) * 1000).toUTCString();
    expect(isNotModified({ 'if-none-match': v.etag }, home, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': `W/${v.etag}` }, home, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"other", ${v.etag}` }, home, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, home, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': home.br!.etag }, home, v)).toBe(false);
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': later }, home, v)).toBe(false);
    expect(isNotModified({ 'if-modified-since': later }, home, v)).toBe(true);
    expect(isNotModified({ 'if-modified-since': v.ok['last-modified'] }, home, v)).toBe(true);
    expect(isNotModified({ 'if-modified-since': earlier }, home, v)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, home, v)).toBe(false);
    expect(isNotModified({}, home, v)).toBe(false);
  });
});

async function startApp(site: LiveSite, hooks?: (app: FastifyInstance) => void) {
  const fastPath = createStaticFastPath(site);
  const app = Fastify({ serverFactory: serverWithFastPath(fastPath) });
  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  hooks?.(app);
  registerStaticSite(app, site);
  await app.ready();
  await fastPath.enable(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

describe('serving a build', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeBuild();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('streams files from disk, beyond the memory cap, with the same answers', async () => {
    const inMemory = loadAssets(dir)!;
    const pages = await makePages();
    const { app, url } = await startApp(liveSite(loadAssets(dir, { maxMemoryBytes: 0 })!, pages));
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const file = inMemory.files.get('/assets/app-x1y2.js')!;
        const expected = chooseVariant(file, encoding);
        const response = await rawRequest(`${url}/assets/app-x1y2.js`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status).toBe(200);
        expect(response.body.equals(expected.body!)).toBe(true);
        expect(response.headers['content-length']).toBe(String(expected.body!.length));
        expect(response.headers.etag).toBe(expected.etag);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
      const injected = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(injected.rawPayload.equals(pages.files.get('/')!.gzip!.body!)).toBe(true);
      const english = await rawRequest(`${url}/istorija?lang=en`, { headers: { 'accept-encoding': 'br' } });
      expect(english.body.equals(pages.files.get('/istorija')!.english!.br!.body!)).toBe(true);
      const missing = await rawRequest(`${url}/sponsor/9`);
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toContain('no such sponsor');
    } finally {
      await app.close();
    }
  });

  // Issue 44, decision 0049: links within a page carry no language, so the address's choice
  // is kept by a cookie the server sets, on both paths alike; a page stays one per language.
  it('keeps the language an address chose in a cookie, when the cookie names another', async () => {
    const pages = await makePages();
    const { app, url } = await startApp({ ...liveSite(loadAssets(dir)!, pages), https: true });
    const set = 'language=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure';
    try {
      for (const [path, cookie, expected] of [
        ['/istorija?lang=en', undefined, set],
        ['/istorija?lang=en', 'language=lt', set],
        ['/istorija?lang=en', 'other=1; language=en', undefined],
        ['/istorija?lang=lt', 'language=en', set.replace('=en', '=lt')],
        ['/istorija', 'language=en', undefined],
        ['/istorija?lang=xx', undefined, undefined],
        ['/assets/app-x1y2.js?lang=en', undefined, undefined],
        ['/sponsor/9?lang=en', undefined, set],
      ] as const) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        const fast = await rawRequest(`${url}${path}`, { headers });
        const slow = await app.inject({ url: path, headers });
        expect([path, cookie, fast.headers['set-cookie']?.[0]]).toEqual([path, cookie, expected]);
        expect(slow.headers['set-cookie']).toBe(expected);
      }
      // The English page itself is the one stored page for every English visitor.
      const english = await rawRequest(`${url}/istorija?lang=en`, { headers: { 'accept-encoding': 'br' } });
      expect(english.body.equals(pages.files.get('/istorija')!.english!.br!.body!)).toBe(true);
      expect(english.headers.vary).toBe('accept-encoding, cookie');
    } finally {
      await app.close();
    }
  });

  it('stays off when the app adds per-request state to an answer', async () => {
    let count = 0;
    const { app, url } = await startApp(liveSite(loadAssets(dir)!, await makePages()), (instance) => {
      instance.addHook('onRequest', async (_request, reply) => {
        reply.header('set-cookie', `seen=${++count}`);
      });
    });
    try {
      const first = await rawRequest(`${url}/robots.txt`);
      const second = await rawRequest(`${url}/robots.txt`);
      expect(first.status).toBe(200);
      expect([first.headers['set-cookie'], second.headers['set-cookie']]).toEqual([
        [expect.stringMatching(/^seen=\d+$/)],
        [expect.stringMatching(/^seen=\d+$/)],
      ]);
      expect(first.headers['set-cookie']).not.toEqual(second.headers['set-cookie']);
    } finally {
      await app.close();
    }
  });
});
