import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '~/platform/http/api';
import { apiFile } from '~/platform/http/download';
import { apiRequest } from '~/platform/http/request';
import { chromiumArgs, chromiumPath } from '../../playwright.config';

// The one way the browser calls the API (platform/http, issue 29): JSON, a file, an upload
// with progress; every failure is an ApiError with the API's body, or status 0 when nothing
// came back. Against a real HTTP server; the upload and the saved download in real Chromium.

const REFUSED = { error: 'owner_only', message: 'admin:backup.errors.ownerOnly' };
const TOO_LARGE = { error: 'too_large', message: 'common:apiErrors.tooLarge' };
const PROXY_PAGE = '<html><body>502 Bad Gateway</body></html>';
const FILE = JSON.stringify({ email: 'dalia@example.com', tables: {} });

let browserBundle = '';
const seen: Array<{ url: string; cookie?: string; accept?: string; bytes: number }> = [];

function answer(request: IncomingMessage, response: ServerResponse, bytes: number) {
  seen.push({ url: request.url!, cookie: request.headers.cookie, accept: request.headers.accept, bytes });
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  switch (request.url) {
    case '/':
      return response
        .writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'bbq_admin=session-1; Path=/' })
        .end('<!doctype html><title>t</title><script type="module" src="/http.js"></script>');
    case '/http.js':
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(browserBundle);
    case '/api/json':
      return json(200, { ok: true });
    case '/api/empty':
      return response.writeHead(204).end();
    case '/api/file':
      return response
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': 'attachment; filename="personal-data-2026-11-26.json"',
        })
        .end(FILE);
    case '/api/unnamed-file':
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end('bytes');
    case '/api/refused':
      return json(403, REFUSED);
    case '/api/proxy':
      return response.writeHead(502, { 'content-type': 'text/html' }).end(PROXY_PAGE);
    case '/api/hang-up':
      return request.socket.destroy();
    case '/api/upload':
      return json(201, { id: 'photo-1', bytes });
    case '/api/upload-too-large':
      return json(413, TOO_LARGE);
    case '/api/upload-proxy':
      return response.writeHead(502, { 'content-type': 'text/html' }).end(PROXY_PAGE);
    default:
      return json(404, { error: 'not_found' });
  }
}

const server = createServer((request, response) => {
  let bytes = 0;
  request.on('data', (chunk: Buffer) => (bytes += chunk.length));
  request.on('end', () => answer(request, response, bytes));
});
let origin = '';

beforeAll(async () => {
  const bundled = await build({
    stdin: {
      contents:
        "import { ApiError } from './api'; import { downloadFile } from './download'; import { apiUpload } from './upload';\n" +
        'Object.assign(window, { ApiError, downloadFile, apiUpload });',
      resolveDir: path.resolve('src/platform/http'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
    tsconfig: 'tsconfig.json',
  });
  browserBundle = bundled.outputFiles[0]!.text;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

/** What a call rejected with, as plain data. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ resolved: true }),
    (error: unknown) => (error instanceof ApiError ? { status: error.status, body: error.body } : { error }),
  );

describe('apiRequest and apiFile', () => {
  it('answers JSON, undefined for 204, and asks for JSON', async () => {
    expect(await apiRequest('GET', `${origin}/api/json`)).toEqual({ ok: true });
    expect(await apiRequest('DELETE', `${origin}/api/empty`)).toBeUndefined();
    expect(seen.at(-1)?.accept).toBe('application/json');
  });

  it('apiFile answers a file with the name its Content-Disposition gives', async () => {
    const named = await apiFile(`${origin}/api/file`);
    expect(named.filename).toBe('personal-data-2026-11-26.json');
    expect(await named.blob.text()).toBe(FILE);
    const unnamed = await apiFile(`${origin}/api/unnamed-file`);
    expect(unnamed.filename).toBeUndefined();
    expect(await unnamed.blob.text()).toBe('bytes');
  });

  it('maps failures to ApiError the same way for JSON and for files', async () => {
    for (const asFile of [false, true]) {
      const call = (url: string) =>
        failure(asFile ? apiFile(`${origin}${url}`) : apiRequest('GET', `${origin}${url}`));
      expect(await call('/api/refused')).toEqual({ status: 403, body: REFUSED });
      // A proxy's page is not our API: no message of ours is shown for it.
      expect(await call('/api/proxy')).toEqual({ status: 502, body: { error: 'unrecognised_answer' } });
      expect(await call('/api/hang-up')).toEqual({ status: 0, body: { error: 'network' } });
    }
  });
});

describe('in the browser: downloadFile saves the file, apiUpload reports progress and maps failures', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'apiUpload' in window);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('saves a download under its own name, or the fallback name', async () => {
    for (const [url, name, text] of [
      ['/api/file', 'personal-data-2026-11-26.json', FILE],
      ['/api/unnamed-file', 'bbq-backup', 'bytes'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.evaluate(
          (url) =>
            (
              window as unknown as { downloadFile: (url: string, fallback: string) => Promise<unknown> }
            ).downloadFile(url, 'bbq-backup'),
          url as string,
        ),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      expect(readFileSync(await download.path(), 'utf8')).toBe(text);
    }
  });

  /** Uploads `size` bytes to `url` from the page; what came back, and the progress reported. */
  const upload = (url: string, size: number) =>
    page.evaluate(
      async ([url, size]) => {
        const http = window as unknown as {
          ApiError: new (...args: never[]) => { status: number; body: unknown };
          apiUpload: (url: string, body: FormData, onProgress: (f: number) => void) => Promise<unknown>;
        };
        const progress: number[] = [];
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(size)]), 'laužas.jpg');
        try {
          return { answer: await http.apiUpload(url, body, (f) => progress.push(f)), progress };
        } catch (error) {
          if (!(error instanceof http.ApiError)) return { notApiError: String(error) };
          return { status: error.status, body: error.body };
        }
      },
      [url, size] as const,
    );

  it('uploads with progress up to the whole, with the site cookie and asking for JSON', async () => {
    const result = await upload('/api/upload', 2 * 1024 * 1024);
    expect(result.answer).toMatchObject({ id: 'photo-1' });
    expect((result.answer as { bytes: number }).bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(result.progress!.length).toBeGreaterThan(0);
    expect(result.progress!.at(-1)).toBe(1);
    expect(seen.findLast((s) => s.url === '/api/upload')).toMatchObject({
      cookie: 'bbq_admin=session-1',
      accept: 'application/json',
    });
  });

  it('rejects with the same ApiError as apiRequest: the API body, a proxy page, nothing at all', async () => {
    expect(await upload('/api/upload-too-large', 1024)).toEqual({ status: 413, body: TOO_LARGE });
    expect(await upload('/api/upload-proxy', 1024)).toEqual({
      status: 502,
      body: { error: 'unrecognised_answer' },
    });
    expect(await upload('/api/hang-up', 1024)).toEqual({ status: 0, body: { error: 'network' } });
  });
});
