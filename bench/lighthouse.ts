// Lighthouse (mobile preset, simulated throttling) against pages served by our own production
// server, each beside its no-scripts twin: the very same HTML with every <script> and module
// preload removed, served by nginx. The twin is the reference for the first paint: what the
// page would show if JavaScript cost nothing. Runs alternate page and twin, so the machine's
// load weighs on both alike; figures are medians.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '@tests/helpers/child-server';
import { LANGUAGES, type Language } from '~/platform/i18n/languages';
import { PRIVATE_PAGE_PREFIXES, VISITOR_PAGES } from '~/platform/paths';
import { withoutScripts } from '~/platform/render/page-store.server';
import { chromiumPath } from '../playwright.config';
import type { BenchContext } from './context';
import { startNginx } from './throughput';

export interface LighthouseRow {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The SEO audits that failed (their ids). */
  seoMisses: string[];
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
async function runLighthouse(urls: string[], runs = 1): Promise<Map<string, LighthouseRow[]>> {
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
        // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): that run again.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const error = result.lhr.runtimeError;
          if (!error) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
          console.log(`   ${url}: ${error.code}, again`);
        }
        const { categories, audits } = result!.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
        const row: LighthouseRow = {
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          seoMisses: (categories.seo?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
          fcpMs: ms('first-contentful-paint'),
          lcpMs: ms('largest-contentful-paint'),
          speedIndexMs: ms('speed-index'),
          ttiMs: ms('interactive'),
          tbtMs: ms('total-blocking-time'),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          transferKb: Math.round((audits['total-byte-weight']?.numericValue ?? NaN) / 1024),
        };
        rows.get(url)!.push(row);
        console.log(
          `   run ${run + 1}/${runs} ${url}: perf ${row.performance}, FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms`,
        );
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
function medianRow(rows: readonly LighthouseRow[]): LighthouseRow {
  const pick = (key: Exclude<keyof LighthouseRow, 'url' | 'seoMisses'>) =>
    medianOf(rows.map((row) => row[key]));
  return {
    url: rows[0]!.url,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    seoMisses: [...new Set(rows.flatMap((row) => row.seoMisses))],
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    speedIndexMs: pick('speedIndexMs'),
    ttiMs: pick('ttiMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    transferKb: pick('transferKb'),
  };
}

/** What a page may cost beyond its no-scripts twin (FCP and LCP each). */
const TWIN_RATIO_LIMIT = 1.25;
const PERFORMANCE_TARGET = 98;

/**
 * The bench part: every public page in Lithuanian and English from our server at `siteUrl`,
 * each beside its twin without scripts on nginx, `LIGHTHOUSE_RUNS` runs (3) each, medians.
 * `LIGHTHOUSE_PAGES=/,/istorija` measures fewer pages.
 */
export async function benchLighthouse(
  siteUrl: string,
  check: BenchContext['check'],
  results: Record<string, unknown>,
) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? VISITOR_PAGES;
  console.log(
    `\n== Lighthouse (mobile), ${pages.length} pages × lt/en, beside their no-scripts twins, median of ${runs} ==`,
  );
  console.log(`   machine load (uptime): ${loadAverage()}`);
  // The twins: the pages as our server sends them, minus every script, under the built assets.
  const snapshot = mkdtempSync(path.join(tmpdir(), 'bbq-twins-'));
  chmodSync(snapshot, 0o755); // nginx's workers read it
  cpSync('build/client', snapshot, { recursive: true });
  const nginxPort = await freePort();
  const twinUrl = `http://127.0.0.1:${nginxPort}`;
  const pairs: Array<{ page: string; language: Language; ours: string; twin: string }> = [];
  for (const page of pages) {
    for (const language of LANGUAGES) {
      const ours = `${siteUrl}${page}${language === 'en' ? '?lang=en' : ''}`;
      const answer = await fetch(ours);
      if (answer.status !== 200) continue;
      const twinPath = `/twin-${language}${page === '/' ? '' : page}/`;
      mkdirSync(path.join(snapshot, twinPath), { recursive: true });
      writeFileSync(path.join(snapshot, twinPath, 'index.html'), withoutScripts(await answer.text()));
      pairs.push({ page, language, ours, twin: `${twinUrl}${twinPath}` });
    }
  }
  const stopNginx = await startNginx(snapshot, nginxPort, { compress: true });
  try {
    const rows = await runLighthouse(
      pairs.flatMap((pair) => [pair.ours, pair.twin]),
      runs,
    );
    const table = pairs.map((pair) => {
      const ours = medianRow(rows.get(pair.ours)!);
      const twin = medianRow(rows.get(pair.twin)!);
      return { ...pair, ours, twin, fcpRatio: ours.fcpMs / twin.fcpMs, lcpRatio: ours.lcpMs / twin.lcpMs };
    });
    results.lighthouse = { load: loadAverage(), runs, pages: table };
    console.table(
      table.map((r) => ({
        page: `${r.page} ${r.language}`,
        perf: r.ours.performance,
        'a11y/bp/seo': `${r.ours.accessibility}/${r.ours.bestPractices}/${r.ours.seo}`,
        'FCP ms': r.ours.fcpMs,
        'twin FCP': r.twin.fcpMs,
        'FCP ×': r.fcpRatio.toFixed(2),
        'LCP ms': r.ours.lcpMs,
        'twin LCP': r.twin.lcpMs,
        'LCP ×': r.lcpRatio.toFixed(2),
        'TTI ms': r.ours.ttiMs,
        'TBT ms': r.ours.tbtMs,
        CLS: r.ours.cls,
        'twin perf': r.twin.performance,
      })),
    );
    for (const r of table) {
      const page = `${r.page} (${r.language})`;
      check(
        `Lighthouse performance ${page}`,
        r.ours.performance >= PERFORMANCE_TARGET,
        String(r.ours.performance),
        `≥ ${PERFORMANCE_TARGET}`,
      );
      check(
        `Lighthouse accessibility ${page}`,
        r.ours.accessibility === 100,
        String(r.ours.accessibility),
        '100',
      );
      check(
        `Lighthouse best practices ${page}`,
        r.ours.bestPractices === 100,
        String(r.ours.bestPractices),
        '100',
      );
      // The private pages say noindex on purpose: there the one audit that may fail is that.
      const seoMisses = r.ours.seoMisses.filter(
        (id) => !(id === 'is-crawlable' && PRIVATE_PAGE_PREFIXES.includes(r.page)),
      );
      check(
        `Lighthouse SEO ${page}`,
        seoMisses.length === 0,
        seoMisses.length ? `${r.ours.seo} (${seoMisses.join(', ')})` : String(r.ours.seo),
        PRIVATE_PAGE_PREFIXES.includes(r.page) ? '100 but noindex' : '100',
      );
      const ratio = (value: number) => `×${value.toFixed(2)}`;
      check(
        `FCP vs no-scripts twin ${page}`,
        r.fcpRatio <= TWIN_RATIO_LIMIT,
        ratio(r.fcpRatio),
        `≤ ×${TWIN_RATIO_LIMIT}`,
      );
      check(
        `LCP vs no-scripts twin ${page}`,
        r.lcpRatio <= TWIN_RATIO_LIMIT,
        ratio(r.lcpRatio),
        `≤ ×${TWIN_RATIO_LIMIT}`,
      );
    }
    console.log(`   machine load after (uptime): ${loadAverage()}`);
  } finally {
    stopNginx();
    rmSync(snapshot, { recursive: true, force: true });
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
