import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '@tests/helpers/raw-http';
import { insertAdmin, insertOrder, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

/** JSON answers compressed like the pages (issue 50, item 8): 14.5 KB of admin orders went out plain. */
describe('the API’s answers on the wire', () => {
  let site: TestApp;
  let cookie: string;
  beforeAll(async () => {
    site = await startTestApp('pglite');
    const admin = await insertAdmin(site.db, 'not-a-real-hash');
    cookie = await sessionCookie(site, admin.id);
    for (let i = 0; i < 30; i++) await insertOrder(site.db);
  });
  afterAll(() => site?.close());

  const orders = (encoding?: string) =>
    rawRequest(`${site.url}/api/admin/orders`, {
      headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a large JSON answer in brotli or gzip to a client that asks, and plain to one that does not', async () => {
    const plain = await orders();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    const json = JSON.parse(plain.body.toString('utf8')) as unknown;

    const brotli = await orders('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(json);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await orders('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
  });

  it('leaves a small answer plain', async () => {
    const health = await rawRequest(`${site.url}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
