// `npm run bench`: every performance and reliability figure of the quality bars (docs/PRODUCT.md) in
// one run, each printed beside its target. Writes bench/results/<timestamp>.json.
// Exits non-zero when a page's first-load JavaScript grew past its baseline (the ratchet) or
// carries admin code.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startChildServer } from '@tests/helpers/child-server';
import {
  BASELINE_FILE,
  checkRatchet,
  firstLoadJavaScript,
  firstLoadOfPublicPages,
  HOME_GOAL_BYTES,
  HOME_LIMIT_BYTES,
  RATCHET_SLACK_BYTES,
  readBaseline,
  writeBaseline,
} from './bundle';
import { benchLighthouse } from './lighthouse';
import { measure, startNginx } from './throughput';
import { benchExtras } from './extras';

const BUILD = 'build/client';
// e.g. `npm run bench -- bundle lighthouse`; `--update-baseline` rewrites the first-load baseline.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const updateBaseline = process.argv.includes('--update-baseline');
const wants = (part: string) => only.length === 0 || only.includes(part);
const results: Record<string, unknown> = { at: new Date().toISOString() };
const failures: string[] = [];

function check(label: string, ok: boolean, figure: string, target: string) {
  console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${figure} (target ${target})`);
  if (!ok) failures.push(`${label}: ${figure} (target ${target})`);
}

if (!existsSync('build/server/main.js') || process.env.BENCH_REBUILD) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

if (wants('bundle')) {
  console.log('\n== First-load JavaScript (gzip), every public page ==');
  const reports = await firstLoadOfPublicPages('build');
  results.bundle = reports;
  if (updateBaseline) {
    writeBaseline(reports);
    console.log(`Baseline rewritten: ${BASELINE_FILE} (commit it)`);
  }
  const ratchet = checkRatchet(reports, readBaseline());
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.table(
    ratchet.map((r) => ({
      page: r.page,
      'KB now': kb(r.bytes),
      'KB baseline': r.baseline === undefined ? '—' : kb(r.baseline),
      change:
        r.baseline === undefined ? 'new' : `${r.bytes >= r.baseline ? '+' : ''}${kb(r.bytes - r.baseline)}`,
    })),
  );
  for (const r of ratchet.filter((row) => !row.ok)) {
    check(
      `first-load JS ${r.page} against the baseline`,
      false,
      `${kb(r.bytes)} KB, baseline ${r.baseline === undefined ? 'none' : `${kb(r.baseline)} KB`}`,
      `≤ baseline + ${kb(RATCHET_SLACK_BYTES)} KB (npm run bench:baseline records a lower one)`,
    );
  }
  if (ratchet.every((r) => r.ok))
    console.log(`PASS  first-load JS: no page grew by more than ${kb(RATCHET_SLACK_BYTES)} KB`);
  const home = reports.find((r) => r.page === '/')!;
  for (const f of home.files) console.log(`  ${kb(f.gzipBytes).padStart(6)} KB  ${f.file}`);
  check(
    'first-load JS on /',
    home.totalGzipBytes <= HOME_LIMIT_BYTES,
    `${kb(home.totalGzipBytes)} KB`,
    `≤ ${kb(HOME_LIMIT_BYTES)} KB`,
  );
  console.log(
    `      long-term goal ${kb(HOME_GOAL_BYTES)} KB: ${kb(home.totalGzipBytes - HOME_GOAL_BYTES)} KB to go (decision 0009)`,
  );
  const admin = reports.flatMap((r) => r.adminChunks.map((file) => `${r.page}: ${file}`));
  check(
    "admin code not in any public page's first load",
    admin.length === 0,
    admin.join(', ') || 'none',
    'none',
  );
}

if (wants('lighthouse') || wants('throughput')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-'));
  const server = await startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  try {
    if (wants('lighthouse')) await benchLighthouse(server.url, check, results);

    if (wants('throughput')) {
      console.log('\n== Static throughput: ours vs nginx (50 connections, 10 s each) ==');
      const home = await (await fetch(`${server.url}/`)).text();
      const asset = firstLoadJavaScript(BUILD, '/', home).files[0]?.file ?? '/favicon.svg';
      // nginx serves the same bytes: the built assets plus the home page as our server sends it.
      const snapshot = mkdtempSync(path.join(tmpdir(), 'bbq-snapshot-'));
      cpSync(BUILD, snapshot, { recursive: true });
      writeFileSync(path.join(snapshot, 'index.html'), home);
      const nginxPort = await freePort();
      const stopNginx = await startNginx(snapshot, nginxPort);
      try {
        const rows = [];
        for (const [label, pathname] of [
          ['/', '/'],
          ['hashed asset', asset],
        ] as const) {
          const ours = await measure(`ours ${label}`, `${server.url}${pathname}`);
          const nginx = await measure(`nginx ${label}`, `http://127.0.0.1:${nginxPort}${pathname}`);
          rows.push(ours, nginx);
          const ratio = ours.requestsPerSec / nginx.requestsPerSec;
          check(`static ${label} ours/nginx`, ratio >= 0.5, ratio.toFixed(2), '≥ 0.5');
          check(`static ${label} p99`, ours.p99Ms < 25, `${ours.p99Ms} ms`, '< 25 ms');
        }
        console.table(rows);
        results.throughput = rows;
      } finally {
        stopNginx();
        rmSync(snapshot, { recursive: true, force: true });
      }
    }
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchExtras({ wants, check, results });

mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${results.at as string}.json`.replace(/:/g, '-');
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nResults written to ${file}`);
if (failures.length) {
  console.log(`\n${failures.length} target(s) missed:\n  ${failures.join('\n  ')}`);
}
const bundleMissed = failures.some((f) => f.includes('against the baseline') || f.startsWith('admin code'));
process.exit(bundleMissed ? 1 : 0);
