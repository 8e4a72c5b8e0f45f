// `npm run bench -- timings`: the suite's former wall-clock checks (decision 0054, issue 46),
// the bench/timings/*.timing.ts files, run by Vitest one after another on this machine. A
// target missed is reported beside the others (MISS), as every bench figure is; the figures
// each file prints go to docs/PERFORMANCE.md ("Timing checks"). Set TEST_DATABASE_URL to time
// the PostgreSQL cases too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { BenchContext } from './context';

interface VitestJson {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; duration?: number }[];
  }[];
}

const REPORT = 'bench/results/timings.json';

export async function benchTimings({ check, results }: BenchContext): Promise<void> {
  console.log('\n== Timing checks (bench/timings, one file at a time) ==');
  const loadBefore = loadavg()[0]!;
  mkdirSync('bench/results', { recursive: true });
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'bench/timings/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${REPORT}`,
    ],
    { stdio: 'inherit' },
  );
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as VitestJson;
  const rows = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      file: file.name.replace(/^.*\/bench\//, 'bench/'),
      test: test.fullName,
      status: test.status,
    })),
  );
  for (const row of rows) check(row.test, row.status === 'passed', row.status, 'passed');
  results.timings = {
    loadBefore,
    loadAfter: loadavg()[0]!,
    exitCode: run.status,
    tests: rows,
  };
}
