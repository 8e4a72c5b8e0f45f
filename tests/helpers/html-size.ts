import { request } from 'node:http';
import type { PageStore } from '~/platform/render/page-store.server';

/** 14 KB: a page's compressed HTML that fits the first round trip (issue 34). */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** The bytes of `url` as the server sends it to a browser that takes brotli. */
function servedBrotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      if (response.headers['content-encoding'] !== 'br') reject(new Error(`${url}: not brotli`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * `page`'s brotli size in Lithuanian and English once it has settled (its brotli made at
 * quality 11 in the background, decision 0043): requested once to be rendered, then measured.
 */
export async function settledSizes(baseUrl: string, site: PageStore, page: string) {
  const first = await fetch(`${baseUrl}${page}`);
  if (first.status !== 200) throw new Error(`${page}: ${first.status}`);
  const file = site.pages.files.get(page);
  if (!file) throw new Error(`${page}: not in the page table`);
  await Promise.all([file.brotliReady, file.english?.brotliReady]);
  return {
    lt: await servedBrotliBytes(`${baseUrl}${page}?lang=lt`),
    en: await servedBrotliBytes(`${baseUrl}${page}?lang=en`),
  };
}
