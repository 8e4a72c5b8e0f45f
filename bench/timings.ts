// `npm run bench -- timings`: the suite's former wall-clock checks (decision 0054, issue 46),
// each a bench/timings/*.timing.ts file run by Vitest one after another on this machine. A
// target missed is reported beside the others (MISS), as every bench figure is; the figures
// each file prints go to docs/PERFORMANCE.md ("Timing checks").
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import type { BenchContext } from './context';

interface VitestJson {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

export async function benchTimings({ check, results }: BenchContext): Promise<void> {
  console.log('\n== Timing checks (bench/timings, one file at a time) ==');
  const load = loadavg()[0]!.toFixed(2);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'bench/timings/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=bench/results/timings.json',
    ],
    { stdio: 'inherit', env: process.env },
  );
  const { readFileSync } = await import('node:fs');
  const report = JSON.parse(readFileSync('bench/results/timings.json', 'utf8')) as VitestJson;
  const rows = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({ file: file.name.replace(/^.*bench\//, 'bench/'), ...test })),
  );
  for (const row of rows) check(row.fullName, row.status === 'passed', row.status, 'passed');
  results.timings = {
    load,
    exit: run.status,
    tests: rows.map(({ file, fullName, status }) => ({ file, fullName, status })),
  };
}
