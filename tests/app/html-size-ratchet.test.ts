import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { orderPagePath, PUBLIC_PAGES } from '~/platform/paths';
import type { PageStore } from '~/platform/render/page-store.server';

// Issue 34: a page's HTML fits the first round trip — 14 KB compressed, brotli as the server
// sends it once the page has settled (quality 11, decision 0043). A ratchet over every page a
// visitor reads, in both languages: a page over 14 KB fails, except those listed below, which
// were over it when the ratchet came (their loader data holds every product or recipe in both
// languages) and may not grow past their figure. Lower a figure, or remove the page, when it
// shrinks. Needs a build.
const LIMIT_BYTES = 14 * 1024;
/** Pages over the limit on 2026-11-26 (first content; measured 17,590 / 15,251 / 14,914 / 14,477 /
 * 14,461 B in Lithuanian): the most each may be, in bytes. */
const OVER_THE_LIMIT: Record<string, number> = {
  '/sponsor/reduk': 17_800,
  '/sponsor/reduk/produktai': 15_400,
  '/sponsor/reduk/prieskoniai': 15_100,
  '/sponsor/reduk/anglys': 14_700,
  '/maistas': 14_700,
};

/** The pages (`page lang`) over their allowance. */
export function overAllowance(sizes: ReadonlyMap<string, number>): string[] {
  return [...sizes].flatMap(([key, bytes]) => {
    const allowed = OVER_THE_LIMIT[key.split(' ')[0]!] ?? LIMIT_BYTES;
    return bytes > allowed ? [`${key}: ${bytes} B > ${allowed} B`] : [];
  });
}

function servedBrotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      expect(response.headers['content-encoding']).toBe('br');
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('every page a visitor reads fits the first round trip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('is at most 14 KB compressed in either language, the listed pages at most their figure', async () => {
    const site = t.app.site as PageStore;
    const pages = [...PUBLIC_PAGES, orderPagePath('charcoal-10kg')];
    const sizes = new Map<string, number>();
    for (const page of pages) {
      expect((await fetch(`${t.url}${page}`)).status, page).toBe(200);
      const file = site.pages.files.get(page)!;
      await Promise.all([file.brotliReady, file.english?.brotliReady]);
      for (const lang of ['lt', 'en'])
        sizes.set(`${page} ${lang}`, await servedBrotliBytes(`${t.url}${page}?lang=${lang}`));
    }
    expect(sizes.size).toBe(pages.length * 2);
    expect(overAllowance(sizes), JSON.stringify(Object.fromEntries(sizes))).toEqual([]);

    // The ratchet bites: a page past the limit, or a listed page past its figure, fails.
    expect(overAllowance(new Map([['/duk lt', LIMIT_BYTES + 1]]))).toHaveLength(1);
    expect(overAllowance(new Map([['/maistas en', OVER_THE_LIMIT['/maistas']! + 1]]))).toHaveLength(1);
  }, 300_000);
});
