// First-load JavaScript of a page as the server sends it: every script the HTML loads or
// preloads, gzip-compressed (level 9), summed. Admin code must not be among them.
//
// The budget is a ratchet (decision 0009): bench/first-load-baseline.json holds each public
// page's figure, and a page that grows by more than RATCHET_SLACK_BYTES fails the bench.
// Lowering the baseline is a normal commit: `npm run bench:baseline` rewrites the file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONTENT_TYPES } from '~/app/content-types';
import type { SiteContent } from '~/platform/content/content-type';
import { initialContent } from '~/platform/content/initial.server';
import { VISITOR_PAGES } from '~/platform/paths';
import { loadRenderer } from '~/platform/render/renderer.server';

export interface BundleReport {
  page: string;
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
  adminChunks: string[];
}

/** How much a page may grow before the ratchet fails (gzip bytes). */
export const RATCHET_SLACK_BYTES = 2048;
/**
 * The first-load JavaScript of `/` the product asks for now (docs/PRODUCT.md): a ratchet that
 * only goes down, at the latest figure plus about 1 KB (2026-11-26: 126.6 KB with our own
 * translator instead of i18next, decision 0047; 143.0 KB before, 145 KB before that).
 */
export const HOME_LIMIT_BYTES = 127.5 * 1024;
/** The long-term goal (decision 0009): reported, not a gate. */
export const HOME_GOAL_BYTES = 110 * 1024;
export const BASELINE_FILE = 'bench/first-load-baseline.json';

/**
 * The scripts an HTML document loads: modulepreload links, script sources, and every chunk an
 * inline module script names (its imports, and the chunks it preloads once the page has
 * painted: platform/render/hydrate-after-paint.ts).
 */
function scriptsOf(html: string): string[] {
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const module of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of module[1]!.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]!);
  }
  return [...scripts].sort();
}

/** `html` is the page as served; its scripts are read from the built client (`clientDir`). */
export function firstLoadJavaScript(clientDir: string, page: string, html: string): BundleReport {
  const files = scriptsOf(html).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
  }));
  const adminChunks = files
    .map((f) => f.file)
    .filter(
      (file) =>
        /admin/i.test(file) || readFileSync(path.join(clientDir, file), 'utf8').includes('/api/admin/'),
    );
  return { page, files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), adminChunks };
}

/** The site's content as it is on a first start (the initial documents, no uploads). */
function initialSiteContent(): SiteContent {
  return {
    version: 1,
    documents: Object.fromEntries(CONTENT_TYPES.map((type) => [type.id, initialContent(type.id)])),
    media: {},
  };
}

/**
 * Every public page in Lithuanian as the server renders it, from the server build in
 * `buildDir` (build/server/index.js) with the initial content: no server, no database.
 * Pages that do not answer 200 (an address listed before its page exists) are left out.
 */
export async function renderPublicPages(buildDir = 'build'): Promise<Array<{ page: string; html: string }>> {
  // PUBLIC_URL's default (config.server.ts): the pages' absolute URLs do not change their scripts.
  const renderer = await loadRenderer(path.resolve(buildDir, 'server/index.js'), 'http://localhost:3000');
  if (!renderer) throw new Error(`No server build in ${buildDir}: run \`npm run build\` first`);
  const content = initialSiteContent();
  const pages: Array<{ page: string; html: string }> = [];
  for (const page of VISITOR_PAGES) {
    const { status, html } = await renderer.renderPage(page, 'lt', content);
    if (status === 200) pages.push({ page, html });
  }
  return pages;
}

/** First-load JavaScript of every public page of the build in `buildDir`. */
export async function firstLoadOfPublicPages(buildDir = 'build'): Promise<BundleReport[]> {
  const pages = await renderPublicPages(buildDir);
  return pages.map(({ page, html }) => firstLoadJavaScript(path.join(buildDir, 'client'), page, html));
}

/** Page → first-load JavaScript in gzip bytes. */
export type Baseline = Record<string, number>;

export function baselineOf(reports: readonly BundleReport[]): Baseline {
  return Object.fromEntries(reports.map((r) => [r.page, r.totalGzipBytes]));
}

export function readBaseline(file = BASELINE_FILE): Baseline {
  return JSON.parse(readFileSync(file, 'utf8')) as Baseline;
}

export function writeBaseline(reports: readonly BundleReport[], file = BASELINE_FILE) {
  writeFileSync(file, `${JSON.stringify(baselineOf(reports), null, 2)}\n`);
}

export interface RatchetResult {
  page: string;
  bytes: number;
  baseline: number | undefined;
  ok: boolean;
}

/**
 * Each page against its baseline: it fails when it grew by more than `slack` bytes, or when
 * it has no baseline yet (a new page is recorded with `npm run bench:baseline`).
 */
export function checkRatchet(
  reports: readonly BundleReport[],
  baseline: Baseline,
  slack = RATCHET_SLACK_BYTES,
): RatchetResult[] {
  return reports.map(({ page, totalGzipBytes: bytes }) => {
    const before = baseline[page];
    return { page, bytes, baseline: before, ok: before !== undefined && bytes <= before + slack };
  });
}
