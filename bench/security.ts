// The reliability and security bars that are pass/fail rather than a number (webhook
// replay, stale or forged signatures, order tokens, escaping in admin, graceful shutdown):
// their tests run once here so that `npm run bench` reports every bar in one place.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchContext } from './context';

interface Bar {
  label: string;
  target: string;
  runner: 'vitest' | 'playwright';
  file: string;
  /** Test titles (regular expression) that make up this bar. */
  tests: RegExp;
}

const BARS: Bar[] = [
  {
    label: 'webhook: one event ×10 concurrently, before/with/after the success page check',
    target: 'one paid transition, one e-mail',
    runner: 'vitest',
    file: 'src/features/shop/shop.stripe.test.ts',
    tests: /^pays once/,
  },
  {
    label: 'webhook: forged signature, timestamp > 300 s',
    target: '400, nothing written',
    runner: 'vitest',
    file: 'src/features/shop/shop.stripe.test.ts',
    tests: /^refuses (webhooks with a bad|a correctly signed event older)/,
  },
  {
    label: 'order pages and APIs: wrong or missing token; token entropy',
    target: '404; ≥ 128-bit random',
    runner: 'vitest',
    file: 'src/features/shop/shop.api.test.ts',
    tests: /^(answers 404 to a wrong or missing token|gives unguessable 256-bit tokens)/,
  },
  {
    label: 'graceful shutdown: writes in flight, their e-mails, clean exit',
    target: 'all 2xx, all sent, exit 0',
    runner: 'vitest',
    file: 'tests/reliability/shutdown.test.ts',
    tests: /SIGTERM/,
  },
  {
    label: 'stored script payloads in admin (Chromium)',
    target: 'shown as text, no script runs',
    runner: 'playwright',
    file: 'e2e/security.spec.ts',
    tests: /is shown literally and runs no script/,
  },
];

/** Runs one test file with a JSON reporter; returns each test's title and status. */
function runTests(runner: Bar['runner'], file: string): Array<{ title: string; passed: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-tests-'));
  const report = path.join(dir, 'report.json');
  try {
    if (runner === 'vitest') {
      spawnSync('npx', ['vitest', 'run', file, '--reporter=json', `--outputFile=${report}`], {
        stdio: 'ignore',
      });
      const json = JSON.parse(readFileSync(report, 'utf8')) as {
        testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
      };
      return json.testResults.flatMap((result) =>
        result.assertionResults.map((test) => ({ title: test.title, passed: test.status === 'passed' })),
      );
    }
    spawnSync('npx', ['playwright', 'test', file, '--reporter=json'], {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    interface Suite {
      specs?: Array<{ title: string; ok: boolean }>;
      suites?: Suite[];
    }
    const specs = (suite: Suite): Array<{ title: string; passed: boolean }> => [
      ...(suite.specs ?? []).map((spec) => ({ title: spec.title, passed: spec.ok })),
      ...(suite.suites ?? []).flatMap(specs),
    ];
    return specs(JSON.parse(readFileSync(report, 'utf8')) as Suite);
  } catch {
    return []; // no report: counted as not passed below
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSecurity({ check, results }: BenchContext): Promise<void> {
  console.log('\n== Reliability and security checks (their tests, run once) ==');
  const byFile = new Map<string, Array<{ title: string; passed: boolean }>>();
  const rows = [];
  for (const bar of BARS) {
    if (!byFile.has(bar.file)) byFile.set(bar.file, runTests(bar.runner, bar.file));
    const tests = byFile.get(bar.file)!.filter((test) => bar.tests.test(test.title));
    const passed = tests.filter((test) => test.passed).length;
    const ok = tests.length > 0 && passed === tests.length;
    check(bar.label, ok, `${passed} of ${tests.length} tests pass`, bar.target);
    rows.push({ bar: bar.label, tests: tests.length, passed });
  }
  results.security = rows;
}
