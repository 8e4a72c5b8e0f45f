// Lighthouse (mobile preset, simulated throttling) against pages served by our own production
// server, each beside its no-scripts twin: the very same HTML with every <script> and module
// preload removed, served by nginx. The twin is the reference for the first paint: what the
// page would show if JavaScript cost nothing. Runs alternate page and twin, so the machine's
// load weighs on both alike; figures are medians.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../playwright.config';

export interface LighthouseRow {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  /** Lighthouse's time to interactive (simulated): when the page is hydrated and quiet. */
  ttiMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire for the whole load. */
  transferKb: number;
}

/** Runs Lighthouse on every URL `runs` times (URL by URL, in order, then again); rows per URL. */
export async function runLighthouse(urls: string[], runs = 1): Promise<Map<string, LighthouseRow[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  const rows = new Map<string, LighthouseRow[]>(urls.map((url) => [url, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const url of urls) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) {
          throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        }
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
        rows.get(url)!.push({
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: ms('first-contentful-paint'),
          lcpMs: ms('largest-contentful-paint'),
          speedIndexMs: ms('speed-index'),
          ttiMs: ms('interactive'),
          tbtMs: ms('total-blocking-time'),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          transferKb: Math.round((audits['total-byte-weight']?.numericValue ?? NaN) / 1024),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over several runs of one URL. */
export function medianRow(rows: readonly LighthouseRow[]): LighthouseRow {
  const pick = (key: Exclude<keyof LighthouseRow, 'url'>) => medianOf(rows.map((row) => row[key]));
  return {
    url: rows[0]!.url,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    speedIndexMs: pick('speedIndexMs'),
    ttiMs: pick('ttiMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    transferKb: pick('transferKb'),
  };
}
