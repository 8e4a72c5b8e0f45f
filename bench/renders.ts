// `npm run bench -- renders`: page renders at the same time (decision 0036). The server build
// (build/server/index.js) renders pages in this process, as the server does for forms posted
// without scripts, previews and pages asked for before the warm-up (PageStore.warm) has them. Rendering is CPU
// work on one thread, so renders at once take about as long in all as one after another; what
// matters is that none waits in a queue behind another and each is in its own language.
// BUILD_DIR=<dir>/client measures another build.
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import type { Language } from '~/platform/i18n/languages';
import { PATHS, PUBLIC_PAGES } from '~/platform/paths';
import type { BenchContext } from './context';

const RUNS = 5;
const LANGUAGES: Language[] = ['lt', 'en'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

interface Render {
  url: string;
  language: Language;
}

/** Starts every render at once; each one's time from the start to its HTML, and how many came out in another language. */
async function atOnce(t: TestApp, renders: Render[]) {
  const started = performance.now();
  const done = await Promise.all(
    renders.map(async ({ url, language }) => {
      const { html } = await t.app.site!.renderLive(url, language);
      return { ms: performance.now() - started, wrong: !html.includes(`<html lang="${language}"`) };
    }),
  );
  const times = done.map((render) => render.ms);
  return {
    totalMs: performance.now() - started,
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    wrongLanguage: done.filter((render) => render.wrong).length,
  };
}

async function oneAfterAnother(t: TestApp, renders: Render[]) {
  const started = performance.now();
  for (const { url, language } of renders) await t.app.site!.renderLive(url, language);
  return performance.now() - started;
}

/** A small page asked for while 20 renders of a big one are under way: how long it takes. */
async function behindSlowOnes(t: TestApp) {
  const slow = Array.from({ length: 20 }, (_, i) => ({ url: PATHS.about, language: LANGUAGES[i % 2]! }));
  const running = atOnce(t, slow);
  const started = performance.now();
  await t.app.site!.renderLive(PATHS.faq, 'en');
  const ms = performance.now() - started;
  await running;
  return ms;
}

export async function benchRenders({ results }: BenchContext): Promise<void> {
  console.log(`\n== Page renders at the same time (median of ${RUNS} runs) ==`);
  const build: Record<string, string> = process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {};
  const t = await startTestApp('pglite', build, { renderPagesAtStart: false });
  try {
    const everyPage = PUBLIC_PAGES.flatMap((url) => LANGUAGES.map((language) => ({ url, language })));
    const forty = Array.from({ length: 40 }, (_, i) => ({
      url: [PATHS.home, PATHS.about, PATHS.registration][i % 3]!,
      language: LANGUAGES[i % 2]!,
    }));
    await oneAfterAnother(t, everyPage); // warm-up: code paths compiled, packs loaded
    const runs = { sequential: [] as number[], every: [] as Awaited<ReturnType<typeof atOnce>>[] };
    const fortyRuns: Awaited<ReturnType<typeof atOnce>>[] = [];
    const behind: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.sequential.push(await oneAfterAnother(t, everyPage));
      runs.every.push(await atOnce(t, everyPage));
      fortyRuns.push(await atOnce(t, forty));
      behind.push(await behindSlowOnes(t));
    }
    const summary = (all: Awaited<ReturnType<typeof atOnce>>[]) => ({
      totalMs: Math.round(median(all.map((run) => run.totalMs))),
      medianLatencyMs: Math.round(median(all.map((run) => run.medianMs))),
      p95LatencyMs: Math.round(median(all.map((run) => run.p95Ms))),
      wrongLanguage: Math.max(...all.map((run) => run.wrongLanguage)),
    });
    const figures = {
      renders: everyPage.length,
      everyPageOneAfterAnotherMs: Math.round(median(runs.sequential)),
      everyPageAtOnce: summary(runs.every),
      fortyAtOnce: summary(fortyRuns),
      smallPageBehind20BigOnesMs: Math.round(median(behind)),
    };
    console.log(JSON.stringify(figures, null, 2));
    results.renders = figures;
  } finally {
    await t.close();
  }
}
