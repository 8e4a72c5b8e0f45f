import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 46, decision 0054 ("test tiers"): the suites assert behaviour; durations and ratios
// are measured in bench/ (`npm run bench -- timings`), on purpose, on a quiet machine. This
// file keeps it so:
// - no test reads a clock to time something (what it detects: `wallClockReads` below);
// - no browser spec sleeps (`waitForTimeout`);
// - Playwright never retries a failed test (a flaky test is a bug, found and fixed).
// Comments are left out before looking, so a comment may name what it refuses.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The source without its comments (strings and template literals kept: a child process's script is code too). */
function withoutComments(source: string, file = 'x.ts'): string {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  return ts.createPrinter({ removeComments: true }).printFile(parsed);
}

/**
 * How a test times something, which belongs in bench/:
 * - any read of a monotonic clock (`performance.now()`, `performance.mark/measure`,
 *   `process.hrtime`): they tell nothing but how long something took;
 * - `Date.now()` minus a name that was set from `Date.now()` (`const started = Date.now(); …
 *   Date.now() - started`): an elapsed time. `Date.now()` as a moment (`new Date(Date.now() -
 *   1000)`, a unique address) is not refused.
 * Returns the offending snippets.
 */
function wallClockReads(source: string, file = 'x.ts'): string[] {
  const code = withoutComments(source, file);
  const found = [
    ...code.matchAll(/performance\s*\.\s*(?:now|mark|measure)\s*\(|process\s*\.\s*hrtime\b/g),
  ].map((match) => match[0]);
  const starts = new Set(
    [
      ...code.matchAll(
        /\b(?:const|let|var)?\s*([A-Za-z_$][\w$]*)\s*=\s*Date\s*\.\s*now\s*\(\s*\)(?=\s*[;,)\n])/g,
      ),
    ].map((match) => match[1]!),
  );
  for (const match of code.matchAll(/Date\s*\.\s*now\s*\(\s*\)\s*-\s*([A-Za-z_$][\w$.]*)/g)) {
    if (starts.has(match[1]!.split('.').at(-1)!)) found.push(match[0]);
  }
  return found;
}

/** Playwright's sleep, anywhere in a spec or its helpers. */
const sleeps = (source: string, file = 'x.ts') =>
  [...withoutComments(source, file).matchAll(/\bwaitForTimeout\s*\(/g)].map((match) => match[0]);

/** Every `retries:` setting whose value is not the literal 0. */
const retriesOtherThanZero = (source: string, file = 'x.ts') =>
  [...withoutComments(source, file).matchAll(/\bretries\s*:\s*([^,}\n]+)/g)]
    .map((match) => match[0].trim())
    .filter((setting) => !/^retries\s*:\s*0$/.test(setting));

const testFiles = () =>
  [
    ...globSync('tests/**/*.{ts,tsx}', { cwd: ROOT }),
    ...globSync('src/**/*.test.{ts,tsx}', { cwd: ROOT }),
    // This file holds the forbidden examples its rules are tried on.
  ].filter(
    (file) => !file.startsWith('tests/fixtures/') && file !== 'tests/architecture/test-hygiene.test.ts',
  );

describe('what each rule finds (so that it can fail)', () => {
  it('finds a duration measured with a monotonic clock or Date.now(), and not a moment', () => {
    expect(
      wallClockReads(`
        const started = performance.now();
        await work();
        expect(performance.now() - started).toBeLessThan(1000);`),
    ).toHaveLength(2);
    expect(wallClockReads(`const t0 = process.hrtime.bigint();`)).toEqual(['process.hrtime']);
    expect(
      wallClockReads(`
        const started = Date.now();
        await work();
        expect(Date.now() - started).toBeLessThan(15_000);`),
    ).toEqual(['Date.now() - started']);
    expect(wallClockReads(`let began = 0; began = Date.now(); const ms = Date.now() - began;`)).toHaveLength(
      1,
    );
    // A moment computed from another is not a start.
    expect(
      wallClockReads(`const behind = Date.now() - at.getTime(); now(() => new Date(Date.now() - behind));`),
    ).toEqual([]);
    // In a child process's script, too.
    expect(wallClockReads('const client = `const start = performance.now();`;')).toHaveLength(1);
    // Moments are not durations; comments are not code.
    expect(
      wallClockReads(`
        // performance.now() is for bench/
        const expired = new Date(Date.now() - 1000);
        const email = \`editor-\${Date.now()}@example.com\`;
        const until = Date.now() + 5_000;`),
    ).toEqual([]);
  });

  it('finds a sleep in a spec and a retry setting other than 0', () => {
    expect(sleeps(`await page.waitForTimeout(2_100);`)).toHaveLength(1);
    expect(
      sleeps(`// no page.waitForTimeout(…) here\nawait expect(page.getByRole('alert')).toBeVisible();`),
    ).toEqual([]);
    expect(
      retriesOtherThanZero(
        `export default defineConfig({ retries: process.env.CI ? 1 : 0, timeout: 30_000 });`,
      ),
    ).toEqual(['retries: process.env.CI ? 1 : 0']);
    expect(retriesOtherThanZero(`test.describe.configure({ retries: 2 });`)).toEqual(['retries: 2']);
    expect(retriesOtherThanZero(`export default defineConfig({ retries: 0, timeout: 30_000 });`)).toEqual([]);
  });
});

describe('test hygiene (decision 0054)', () => {
  it('no test times anything: durations and ratios are measured in bench/', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((file) =>
      wallClockReads(readFileSync(path.join(ROOT, file), 'utf8'), file).map((what) => `${file}: ${what}`),
    );
    expect(offending).toEqual([]);
  });

  it('no browser spec sleeps (waitForTimeout)', () => {
    const files = globSync('e2e/**/*.ts', { cwd: ROOT });
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      sleeps(readFileSync(path.join(ROOT, file), 'utf8'), file).map((what) => `${file}: ${what}`),
    );
    expect(offending).toEqual([]);
  });

  it('Playwright retries nothing: not in its configuration, not in a spec', () => {
    expect(existsSync(path.join(ROOT, 'playwright.config.ts'))).toBe(true);
    const files = ['playwright.config.ts', ...globSync('e2e/**/*.ts', { cwd: ROOT })];
    const offending = files.flatMap((file) =>
      retriesOtherThanZero(readFileSync(path.join(ROOT, file), 'utf8'), file).map(
        (what) => `${file}: ${what}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
