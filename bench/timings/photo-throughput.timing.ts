import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhotoSite } from '@tests/helpers/photos';
import type { TestApp } from '@tests/helpers/test-app';

/**
 * The timing tier (decision 0054): from tests/reliability/photo-throughput.test.ts, which keeps
 * the behaviour. Uploaded photos served like the bundled images (issue 28, finding 5). Before, every
 * request read the photo from the database: 20 connections on one 640 KB photo gave
 * 18 req/s, and a prerendered page's median went from 25 ms to 1 s for everyone. Now the
 * bytes come from a bounded cache in memory, answered before Fastify's per-request pipeline.
 *
 * The load is 20 keep-alive connections of Node's own HTTP client, in a process of its own
 * (a client in the server's process would take its CPU). Not autocannon: on this photo's
 * bytes (WebP of noise) it counted ~20× fewer answers per second than Node's client or than
 * itself on a built file as large (framework JS, 396 KB), whatever the server did.
 * A page is fetched in a loop meanwhile, to see what a visitor waits.
 *
 * The comparison is of the same bytes (issue 34): the largest image that comes with the
 * site, served as the built file it is and stored as an uploaded photo, loaded in turns in
 * one run (three rounds, the median ratio). Comparing a 624 KB photo with a 27 KB bundled
 * image compared their sizes (0.36 answers/s).
 */
const run = promisify(execFile);
const SECONDS = Number(process.env.PHOTO_BENCH_SECONDS ?? 4);
const CLIENT = `
const http = require('node:http');
const [url, seconds] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
const end = Date.now() + Number(seconds) * 1000;
let ok = 0, other = 0;
const one = () => new Promise((resolve, reject) =>
  http.get(url, { agent }, (r) => { r.resume(); r.on('end', () => { r.statusCode === 200 ? ok++ : other++; resolve(); }); }).on('error', reject));
Promise.all(Array.from({ length: 20 }, async () => { while (Date.now() < end) await one(); }))
  .then(() => { console.log(JSON.stringify({ rps: ok / Number(seconds), other })); process.exit(0); });
`;

async function load(url: string): Promise<{ rps: number; other: number }> {
  const { stdout } = await run(process.execPath, ['-e', CLIENT, url, String(SECONDS)]);
  return JSON.parse(stdout) as { rps: number; other: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median time to fetch a prerendered page, fetched one after another until `done`. */
async function pageMedianWhile(url: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

describe('uploaded photos under load', () => {
  let t: TestApp;
  let photoUrl: string;
  let photoBytes: number;
  let bundledUrl: string;
  let twinUrl: string;
  let largest: { name: string; size: number };
  beforeAll(async () => {
    ({ t, photoUrl, photoBytes, bundledUrl, twinUrl, largest } = await startPhotoSite());
  }, 120_000);
  afterAll(() => t?.close());

  it('an uploaded photo is served as fast as the same bytes as a built file, and pages stay fast', async () => {
    const page = `${t.url}/`;
    const idle = await pageMedianWhile(page, new Promise((resolve) => setTimeout(resolve, 2000)));
    // The same bytes, in turns (which goes first alternates), three rounds.
    const ratios: number[] = [];
    const pairs: string[] = [];
    for (let round = 0; round < 3; round++) {
      const first = round % 2 === 0 ? bundledUrl : twinUrl;
      const a = await load(first);
      const b = await load(first === bundledUrl ? twinUrl : bundledUrl);
      const [bundled, twin] = first === bundledUrl ? [a, b] : [b, a];
      expect(bundled.other + twin.other).toBe(0);
      ratios.push(twin.rps / bundled.rps);
      pairs.push(`${twin.rps.toFixed(0)}/${bundled.rps.toFixed(0)}`);
    }
    const sameBytes = median(ratios);

    // A photo larger than any built file: bytes per second against the largest built file.
    const bundledRun = load(bundledUrl);
    const pageWithBundled = await pageMedianWhile(page, bundledRun);
    await bundledRun;
    const large = await load(`${t.url}/assets/${largest.name}`);
    const photoRun = load(photoUrl);
    const pageWithPhoto = await pageMedianWhile(page, photoRun);
    const photo = await photoRun;
    const ratio = (photo.rps * photoBytes) / (large.rps * largest.size);
    console.info(
      `photo-throughput: load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )}; the same ${(readFileSync(path.resolve('build/client', new URL(bundledUrl).pathname.slice(1))).length / 1024).toFixed(0)} KB ` +
        `as photo/as built file, req/s per round: ${pairs.join(', ')} (median ratio ${sameBytes.toFixed(2)}); ` +
        `uploaded photo ${(photoBytes / 1024).toFixed(0)} KB ${photo.rps.toFixed(0)} req/s; ` +
        `largest built file ${(largest.size / 1024).toFixed(0)} KB ${large.rps.toFixed(0)} req/s (bytes/s ratio ${ratio.toFixed(2)}); ` +
        `page median ${idle.toFixed(1)} ms idle, ${pageWithBundled.toFixed(1)} ms under the bundled image, ` +
        `${pageWithPhoto.toFixed(1)} ms under the photo`,
    );
    expect(photoBytes).toBeGreaterThan(500 * 1024);
    expect(photo.other + large.other).toBe(0);
    // Issue 34's target: at least half the bundled file's answers per second, on the same bytes.
    expect(sameBytes).toBeGreaterThanOrEqual(0.5);
    // Per-request database reads gave ~0.01 (5 answers/s of 624 KB against ~300 MB/s).
    expect(ratio).toBeGreaterThanOrEqual(0.3);
    // Before, the reviewer saw the page's median go from 25 ms to 1 s (embedded database on
    // disk; in memory, as here, it stayed low, so this guards rather than reproduces).
    expect(pageWithPhoto).toBeLessThan(Math.max(200, 4 * pageWithBundled));
  }, 180_000);
});
