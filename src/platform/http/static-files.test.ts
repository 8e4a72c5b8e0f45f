import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '@tests/helpers/raw-http';
import {
  acceptedEncodings,
  chooseVariant,
  HASHED_ASSET_CACHE,
  isNotModified,
  loadStaticSite,
  OTHER_FILE_CACHE,
  PAGE_CACHE,
  type StaticSite,
} from './static-files.server';
import { createStaticFastPath, registerStaticSite, serverWithFastPath } from './static-site.server';

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${'x'.repeat(600)}` +
  `<script>console.log(${JSON.stringify(title)})</script></body></html>`;

/** A small build: pages, a hashed asset with .br/.gz siblings, other files. */
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
  write('index.html', page('home'), true);
  write('istorija/index.html', page('history'), true);
  write('404/index.html', page('not found'), true);
  write('sponsor/0/index.html', page('no such sponsor'), true);
  write('__spa-fallback.html', page('fallback'));
  write('assets/app-x1y2.js', `export const app = ${JSON.stringify('y'.repeat(2000))};`, true);
  write('assets/tiny-a1b2.js', 'export {};');
  write('favicon.ico', Buffer.from([0, 0, 1, 0]));
  write('robots.txt', 'User-agent: *\n');
  return dir;
}

describe('the build table', () => {
  let dir: string;
  let site: StaticSite;
  beforeAll(() => {
    dir = makeBuild();
    site = loadStaticSite(dir)!;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has a URL per page and file, none for siblings, the fallback or the 404 pages', () => {
    expect([...site.files.keys()].sort()).toEqual([
      '/',
      '/assets/app-x1y2.js',
      '/assets/tiny-a1b2.js',
      '/favicon.ico',
      '/istorija',
      '/robots.txt',
    ]);
    expect(site.notFound?.url).toBe('/404');
    expect(site.notFoundVariants.map((variant) => variant.file.url)).toEqual(['/sponsor/0']);
  });

  it('computes type, length, caching, validators and the page CSP once', () => {
    const home = site.files.get('/')!;
    expect(home.identity.ok).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE,
      'content-length': String(home.identity.body!.length),
      vary: 'accept-encoding',
    });
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

  it('keeps files over the memory cap on disk', () => {
    const capped = loadStaticSite(dir, { maxMemoryBytes: 0 })!;
    expect(capped.memoryBytes).toBe(0);
    expect(capped.files.get('/')!.identity.body).toBeUndefined();
    expect(site.files.get('/')!.identity.body).toBeInstanceOf(Buffer);
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

async function startApp(site: StaticSite, hooks?: (app: FastifyInstance) => void) {
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
    const inMemory = loadStaticSite(dir)!;
    const { app, url } = await startApp(loadStaticSite(dir, { maxMemoryBytes: 0 })!);
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
      expect(injected.rawPayload.equals(inMemory.files.get('/')!.gzip!.body!)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('stays off when the app adds per-request state to an answer', async () => {
    let count = 0;
    const { app, url } = await startApp(loadStaticSite(dir)!, (instance) => {
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
