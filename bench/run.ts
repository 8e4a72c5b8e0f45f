// `npm run bench`: every performance and reliability figure of the quality bars (docs/PRODUCT.md) in
// one run, each printed beside its target. Writes bench/results/<timestamp>.json.
// Exits non-zero when a hard budget (first-load JavaScript) is exceeded.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startChildServer } from '@tests/helpers/child-server';
import { firstLoadJavaScript } from './bundle';
import { runLighthouse } from './lighthouse';
import { measure, startNginx } from './throughput';
import { benchExtras } from './extras';

const BUILD = 'build/client';
const only = process.argv.slice(2); // e.g. `npm run bench -- bundle lighthouse`
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
  console.log('\n== First-load JavaScript (gzip) ==');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-'));
  const server = await startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const html = await (await fetch(`${server.url}/`)).text();
  server.process.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
  const report = firstLoadJavaScript(BUILD, '/', html);
  for (const f of report.files) console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  const kb = report.totalGzipBytes / 1024;
  results.bundle = report;
  check('first-load JS on /', kb <= 110, `${kb.toFixed(1)} KB`, '≤ 110 KB');
  check(
    'admin code not in first load',
    report.adminChunks.length === 0,
    report.adminChunks.join(', ') || 'none',
    'none',
  );
}

if (wants('lighthouse') || wants('throughput')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-'));
  const server = await startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  try {
    if (wants('lighthouse')) {
      console.log('\n== Lighthouse (mobile) ==');
      const pages = ['/', '/istorija', '/sponsor/reduk/anglys'];
      const urls = pages.flatMap((p) => [`${server.url}${p}`, `${server.url}${p}?lang=en`]);
      const rows = await runLighthouse(urls);
      results.lighthouse = rows;
      console.table(
        rows.map((r) => ({
          page: r.url.replace(server.url, ''),
          perf: r.performance,
          a11y: r.accessibility,
          bp: r.bestPractices,
          seo: r.seo,
          'LCP ms': r.lcpMs,
          'TBT ms': r.tbtMs,
          CLS: r.cls,
        })),
      );
      for (const r of rows) {
        const page = r.url.replace(server.url, '');
        check(`Lighthouse performance ${page}`, r.performance >= 95, String(r.performance), '≥ 95');
        check(`Lighthouse accessibility ${page}`, r.accessibility === 100, String(r.accessibility), '100');
        check(`Lighthouse best practices ${page}`, r.bestPractices === 100, String(r.bestPractices), '100');
        check(`Lighthouse SEO ${page}`, r.seo === 100, String(r.seo), '100');
      }
    }

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
const bundleMissed = failures.some((f) => f.startsWith('first-load JS') || f.startsWith('admin code'));
process.exit(bundleMissed ? 1 : 0);
