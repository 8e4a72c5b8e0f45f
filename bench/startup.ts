// `npm run bench -- startup`: how long the server takes from process start to its first
// /api/health 200, run from source through tsx (as before the compiled build) and compiled
// (as production runs it). Both restart on one data directory that already holds the site,
// as after an upgrade or a crash; the median of 5 runs each, taken in turns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_COMPILED, SERVER_SOURCE, startChildServer } from '@tests/helpers/child-server';
import type { BenchContext } from './context';

const RUNS = 5;

async function startedInMs(script: string, dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { script });
  const ms = performance.now() - started;
  server.process.kill('SIGTERM');
  await server.exited;
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchStartup({ check, results }: BenchContext): Promise<void> {
  console.log(`\n== Start-up: process start → /api/health 200 (median of ${RUNS}) ==`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-startup-'));
  try {
    await startedInMs(SERVER_COMPILED, dataDir); // first start: migrations and content seeding
    const runs = { tsx: [] as number[], compiled: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      runs.tsx.push(await startedInMs(SERVER_SOURCE, dataDir));
      runs.compiled.push(await startedInMs(SERVER_COMPILED, dataDir));
    }
    const figure = (values: number[]) => ({
      medianMs: Math.round(median(values)),
      runsMs: values.map(Math.round),
    });
    const tsx = figure(runs.tsx);
    const compiled = figure(runs.compiled);
    console.table({ tsx, compiled });
    results.startup = { tsx, compiled };
    check(
      'start-up, compiled vs tsx',
      compiled.medianMs <= tsx.medianMs,
      `${compiled.medianMs} vs ${tsx.medianMs} ms`,
      'no slower',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
