// `npm run bench -- growth`: how the site's costs grow with the years (issue 34). The same
// site at 1×, 10× and 30× content — history years with photos, products, recipes,
// registrations, orders and the outbox rows they queue — made through the real APIs (the
// content editor's drafts and publishes, photo uploads, the public forms) on the compiled
// server, then measured: start-up to the first answer (and requests during the warm-up), a
// page text's publish, the banner's publish under 20 readers, every public page's response
// time and compressed size, an admin list and its CSV export, and memory (RSS). Each figure
// is printed against the 1× one. GROWTH_SCALES=1,10 runs fewer.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { validRequests } from '@tests/helpers/forms';
import { SERVER_COMPILED, startChildServer, type ChildServer } from '@tests/helpers/child-server';
import { PATHS, PUBLIC_PAGES } from '~/platform/paths';
import type { BenchContext } from './context';

const SCALES = (process.env.GROWTH_SCALES ?? '1,10,30').split(',').map(Number);
/** At 1×: the first content's 4 history years, 11 products and 6 recipes, and these. */
const REGISTRATIONS_PER_SCALE = 100;
const ORDERS_PER_SCALE = 100;
const READERS = 20;
const PUBLISHES = 5;
const STARTS = 3;
const EMAIL = 'growth@example.com';
const PASSWORD = 'a long enough bench password';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const round = (ms: number) => Math.round(ms);

interface Admin {
  url: string;
  cookie: string;
}

function call(admin: Admin, method: string, pathname: string, body?: unknown) {
  return fetch(`${admin.url}${pathname}`, {
    method,
    headers: {
      cookie: admin.cookie,
      origin: admin.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(url: string): Promise<Admin> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { url, cookie };
}

/** Changes a content document's draft and publishes it; the publish's own time in ms. */
async function publish(admin: Admin, type: string, change: (draft: Record<string, unknown>) => void) {
  const doc = (await (await call(admin, 'GET', `/api/admin/content/${type}`)).json()) as {
    draft: Record<string, unknown>;
    draftVersion: number;
  };
  change(doc.draft);
  const saved = await call(admin, 'PUT', `/api/admin/content/${type}/draft`, {
    data: doc.draft,
    baseVersion: doc.draftVersion,
  });
  if (!saved.ok) throw new Error(`${type} draft: ${saved.status} ${await saved.text()}`);
  const { draftVersion } = (await saved.json()) as { draftVersion: number };
  const started = performance.now();
  const published = await call(admin, 'POST', `/api/admin/content/${type}/publish`, {
    baseVersion: draftVersion,
  });
  const ms = performance.now() - started;
  if (!published.ok) throw new Error(`${type} publish: ${published.status} ${await published.text()}`);
  return ms;
}

/** Runs `task(i)` for i < n, `width` at a time. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

type Tree = Record<string, unknown> & { lt?: string; en?: string };
const suffixed = (text: Tree, n: number): Tree => ({ lt: `${text.lt} ${n}`, en: `${text.en} ${n}` });

/** The site at `scale`× content, made through the admin's and the public's APIs. */
async function grow(url: string, scale: number): Promise<Record<string, number>> {
  const admin = await signIn(url);
  // Next summer's weekend, whatever today's date: registration and the shop open.
  const nextYear = new Date().getUTCFullYear() + 1;
  await publish(admin, 'event', (draft) => {
    draft.start = `${nextYear}-08-14T08:00`;
    draft.end = `${nextYear}-08-15T12:00`;
  });
  // Uploaded photos: one per added history year (up to 10 different ones), shown with its year.
  const uploads: string[] = [];
  for (let i = 0; i < Math.min(10, 4 * (scale - 1)); i++) {
    const image = await sharp({
      create: {
        width: 1600,
        height: 1067,
        channels: 3,
        background: { r: 40 + i * 20, g: 120, b: 200 - i * 15 },
      },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `year-${i}.jpg`);
    const response = await fetch(`${url}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: url },
      body: form,
    });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    uploads.push(((await response.json()) as { id: string }).id);
  }
  let years = 0;
  await publish(admin, 'page.history', (draft) => {
    const first = draft.years as Array<Record<string, unknown>>;
    const all = [...first];
    for (let i = first.length; i < first.length * scale; i++) {
      const model = first[i % first.length]!;
      all.push({
        ...model,
        year: String(2024 - i),
        title: suffixed(model.title as Tree, i),
        photos: [
          ...(model.photos as unknown[]),
          { image: uploads[i % uploads.length], caption: { lt: `Metai ${i}`, en: `Year ${i}` } },
        ],
      });
    }
    draft.years = all;
    years = all.length;
  });
  let products = 0;
  await publish(admin, 'products', (draft) => {
    const first = draft.products as Array<Record<string, unknown>>;
    const all = [...first];
    // The schema holds up to 100 products.
    for (let i = first.length; i < Math.min(first.length * scale, 100); i++) {
      const model = first[i % first.length]!;
      all.push({ ...model, id: `${String(model.id)}-${i}`, name: suffixed(model.name as Tree, i) });
    }
    draft.products = all;
    products = all.length;
  });
  let recipes = 0;
  await publish(admin, 'page.recipes', (draft) => {
    const first = draft.recipes as Array<Record<string, unknown>>;
    const all = [...first];
    for (let i = first.length; i < first.length * scale; i++) {
      const model = first[i % first.length]!;
      all.push({ ...model, id: `${String(model.id)}-${i}`, title: suffixed(model.title as Tree, i) });
    }
    draft.recipes = all;
    recipes = all.length;
  });
  // Registrations and orders through the public forms, each from its own address (the
  // per-address rate limits are the server's, not what is measured; TRUST_PROXY is on).
  let sent = 0;
  await inParallel(REGISTRATIONS_PER_SCALE * scale, 4, async (i) => {
    const response = await fetch(`${url}${validRequests.registration.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(100_000 + i) },
      body: JSON.stringify({ ...validRequests.registration.body, email: `guest${i}@example.com` }),
    });
    if (response.status === 201) sent++;
    else if (i === 0) throw new Error(`registration: ${response.status} ${await response.text()}`);
  });
  let ordered = 0;
  await inParallel(ORDERS_PER_SCALE * scale, 4, async (i) => {
    const response = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(500_000 + i) },
      body: JSON.stringify({ ...VALID_ORDER, quantity: 1, customer_email: `buyer${i}@example.com` }),
    });
    if (response.ok) ordered++;
    else if (i === 0) throw new Error(`order: ${response.status} ${await response.text()}`);
  });
  return { years, photos: uploads.length, products, recipes, registrations: sent, orders: ordered };
}

/** One GET with the browser's Accept-Encoding: status, time to the last byte, bytes on the wire. */
function getRaw(url: string, encoding = 'br, gzip'): Promise<{ status: number; ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, bytes }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function rssMb(server: ChildServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function stop(server: ChildServer) {
  server.process.kill('SIGTERM');
  await server.exited;
}

const ENV = { LOG_LEVEL: 'error', TRUST_PROXY: 'true', PAYMENTS: 'test' };

/**
 * Start-up: process start → first answer of /api/health and of `/` (rendered for that
 * request if its turn has not come), and requests to another page every 20 ms from the
 * first answer on, for 10 s: the warm-up must not starve them.
 */
async function startUp(dataDir: string) {
  const started = performance.now();
  const server = await startChildServer({ ...ENV, DATA_DIR: dataDir }, { script: SERVER_COMPILED });
  const healthMs = performance.now() - started;
  try {
    return await warmingUp(server, started, healthMs);
  } catch (error) {
    console.error(`the server said:\n${server.output().slice(-4000)}`);
    server.process.kill('SIGKILL');
    throw error;
  }
}

async function warmingUp(server: ChildServer, started: number, healthMs: number) {
  const home = await getRaw(`${server.url}/`);
  const homeMs = performance.now() - started;
  const during: number[] = [];
  const until = performance.now() + 10_000;
  const pages = PUBLIC_PAGES.filter((p) => p !== PATHS.home);
  for (let i = 0; performance.now() < until; i++) {
    const answer = await getRaw(`${server.url}${pages[i % pages.length]}`);
    if (answer.status !== 200) throw new Error(`during the warm-up: ${answer.status}`);
    during.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (home.status !== 200) throw new Error(`/ at start: ${home.status}`);
  return {
    server,
    healthMs,
    homeMs,
    duringP50: percentile(during, 0.5),
    duringP99: percentile(during, 0.99),
  };
}

async function measureScale(scale: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bbq-bench-growth-${scale}x-`));
  try {
    execFileSync(process.execPath, ['build/server/create-admin.js', '--email', EMAIL, '--name', 'Bench'], {
      env: { ...process.env, ...ENV, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD },
      stdio: 'ignore',
    });
    let server = await startChildServer({ ...ENV, DATA_DIR: dataDir }, { script: SERVER_COMPILED });
    const seeded = performance.now();
    let content: Record<string, number>;
    try {
      content = await grow(server.url, scale);
    } finally {
      await stop(server);
    }
    console.log(`  ${scale}×: made in ${((performance.now() - seeded) / 1000).toFixed(0)} s`, content);

    const starts = [];
    for (let i = 0; i < STARTS; i++) {
      const start = await startUp(dataDir);
      if (i < STARTS - 1) await stop(start.server);
      else server = start.server;
      starts.push(start);
    }
    try {
      const admin = await signIn(server.url);
      const rssAfterStart = rssMb(server);

      // Every public page: time and bytes as a browser gets them (brotli), and gzip's bytes.
      const pages = [];
      for (const page of PUBLIC_PAGES) {
        const times = [];
        let br = 0;
        for (let i = 0; i < 5; i++) {
          const answer = await getRaw(`${server.url}${page}`);
          times.push(answer.ms);
          br = answer.bytes;
        }
        const gzip = (await getRaw(`${server.url}${page}`, 'gzip')).bytes;
        pages.push({ page, ms: median(times), br, gzip });
      }

      // Every page the sitemap lists (the lists' further pages too), in both languages, once
      // its brotli has settled (made at quality 11 after the first answer): the largest.
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const everyPage = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
        const url = new URL(match[1]!);
        return `${url.pathname}${url.search}`;
      });
      const sized = [];
      for (const page of everyPage) {
        await getRaw(`${server.url}${page}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const br = Math.min(
          (await getRaw(`${server.url}${page}`)).bytes,
          (await getRaw(`${server.url}${page}`)).bytes,
        );
        sized.push({ page, br, gzip: (await getRaw(`${server.url}${page}`, 'gzip')).bytes });
      }

      // A page text's publish: until this instance serves it.
      const textPublishes = [];
      for (let i = 0; i < PUBLISHES; i++) {
        const title = { lt: `Apie renginį ${scale}-${i}`, en: `About the event ${scale}-${i}` };
        const started = performance.now();
        await publish(admin, 'page.about', (draft) => (draft.title = title));
        while (!(await (await fetch(`${server.url}${PATHS.about}`)).text()).includes(title.lt));
        textPublishes.push(performance.now() - started);
      }

      // The banner (on every page) under 20 readers going round the public pages.
      let reading = true;
      const readTimes: number[] = [];
      const readers = Array.from({ length: READERS }, async (_, r) => {
        for (let i = r; reading; i++) {
          const answer = await getRaw(`${server.url}${PUBLIC_PAGES[i % PUBLIC_PAGES.length]}`);
          readTimes.push(answer.ms);
        }
      });
      const bannerPublishes = [];
      for (let i = 0; i < PUBLISHES; i++) {
        bannerPublishes.push(
          await publish(admin, 'banner', (draft) => {
            draft.text = { lt: `Žinia ${scale}-${i}`, en: `News ${scale}-${i}` };
          }),
        );
      }
      reading = false;
      await Promise.all(readers);

      // An admin list (its first page) and its CSV export.
      const list = async (pathname: string) => {
        const times = [];
        let bytes = 0;
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          const response = await call(admin, 'GET', pathname);
          bytes = (await response.arrayBuffer()).byteLength;
          if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
          times.push(performance.now() - started);
        }
        return { ms: median(times), bytes };
      };
      const registrationsList = await list('/api/admin/registrations');
      const registrationsCsv = await list('/api/admin/registrations.csv');
      const ordersCsv = await list('/api/admin/orders.csv');
      const rssAfterAll = rssMb(server);

      return {
        scale,
        content,
        startHealthMs: round(median(starts.map((s) => s.healthMs))),
        startHomeMs: round(median(starts.map((s) => s.homeMs))),
        warmupP50Ms: round(median(starts.map((s) => s.duringP50))),
        warmupP99Ms: round(median(starts.map((s) => s.duringP99))),
        textPublishMs: round(median(textPublishes)),
        bannerPublishSlowestMs: round(Math.max(...bannerPublishes)),
        bannerPublishesMs: bannerPublishes.map(round),
        readersP50Ms: round(percentile(readTimes, 0.5)),
        readersP99Ms: round(percentile(readTimes, 0.99)),
        pageMedianMs: Math.round(median(pages.map((p) => p.ms)) * 10) / 10,
        largestPage: sized.reduce((a, b) => (b.br > a.br ? b : a)),
        largestGzipPage: sized.reduce((a, b) => (b.gzip > a.gzip ? b : a)),
        sitemapPages: everyPage.length,
        pages,
        registrationsListMs: round(registrationsList.ms),
        registrationsCsvMs: round(registrationsCsv.ms),
        registrationsCsvKb: Math.round(registrationsCsv.bytes / 1024),
        ordersCsvMs: round(ordersCsv.ms),
        rssAfterStartMb: rssAfterStart,
        rssAfterAllMb: rssAfterAll,
      };
    } catch (error) {
      console.error(`the server said:\n${server.output().slice(-4000)}`);
      throw error;
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Figures = Awaited<ReturnType<typeof measureScale>>;

export async function benchGrowth({ check, results }: BenchContext): Promise<void> {
  console.log(`\n== Growth: the site at ${SCALES.join('×, ')}× content ==`);
  const runs: Figures[] = [];
  for (const scale of SCALES) runs.push(await measureScale(scale));
  const base = runs[0]!;
  const figure = (run: Figures, key: keyof Figures, unit: string) => {
    const value = run[key] as number;
    const ratio = value / (base[key] as number);
    return `${value} ${unit}${run === base ? '' : ` (${ratio.toFixed(2)}×)`}`;
  };
  const rows: Array<[string, keyof Figures, string]> = [
    ['start-up → /api/health', 'startHealthMs', 'ms'],
    ['start-up → / (200)', 'startHomeMs', 'ms'],
    ['requests during warm-up p50', 'warmupP50Ms', 'ms'],
    ['requests during warm-up p99', 'warmupP99Ms', 'ms'],
    ['page text publish → served', 'textPublishMs', 'ms'],
    [`banner publish, slowest of ${PUBLISHES}, ${READERS} readers`, 'bannerPublishSlowestMs', 'ms'],
    ['readers meanwhile p50', 'readersP50Ms', 'ms'],
    ['readers meanwhile p99', 'readersP99Ms', 'ms'],
    ['public page, median response', 'pageMedianMs', 'ms'],
    ['admin registrations list', 'registrationsListMs', 'ms'],
    ['registrations CSV', 'registrationsCsvMs', 'ms'],
    ['registrations CSV size', 'registrationsCsvKb', 'KB'],
    ['orders CSV', 'ordersCsvMs', 'ms'],
    ['RSS after start', 'rssAfterStartMb', 'MB'],
    ['RSS after all', 'rssAfterAllMb', 'MB'],
  ];
  console.table(
    Object.fromEntries(
      rows.map(([label, key, unit]) => [
        label,
        Object.fromEntries(runs.map((run) => [`${run.scale}×`, figure(run, key, unit)])),
      ]),
    ),
  );
  console.table(
    Object.fromEntries(
      base.pages.map((page, i) => [
        page.page,
        Object.fromEntries(
          runs.map((run) => [
            `${run.scale}×`,
            `${(run.pages[i]!.br / 1024).toFixed(1)} KB br / ${(run.pages[i]!.gzip / 1024).toFixed(1)} gz`,
          ]),
        ),
      ]),
    ),
  );
  // No public page over 14 KB: the largest of every page in the sitemap, both languages.
  console.table(
    Object.fromEntries(
      runs.map((run) => [
        `${run.scale}×: largest of ${run.sitemapPages} pages`,
        {
          br: `${run.largestPage.page} ${(run.largestPage.br / 1024).toFixed(1)} KB`,
          gzip: `${run.largestGzipPage.page} ${(run.largestGzipPage.gzip / 1024).toFixed(1)} KB`,
        },
      ]),
    ),
  );
  results.growth = runs;
  const top = runs.at(-1)!;
  check(
    `start-up to the first answer at ${top.scale}×`,
    top.startHomeMs <= 3000,
    `${top.startHomeMs} ms`,
    '≤ 3000 ms',
  );
  check(
    `banner publish under ${READERS} readers at ${top.scale}×, slowest of ${PUBLISHES}`,
    top.bannerPublishSlowestMs <= 1000,
    `${top.bannerPublishSlowestMs} ms`,
    '≤ 1000 ms',
  );
  const largest = top.largestPage;
  check(
    `largest public page's HTML (br, every page and language) at ${top.scale}×`,
    largest.br <= 14 * 1024,
    `${largest.page} ${(largest.br / 1024).toFixed(1)} KB`,
    '≤ 14 KB',
  );
}
