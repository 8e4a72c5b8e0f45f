import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium when present (CI installs it); otherwise Playwright's own browser. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Each worker starts its own server (real Fastify app, fresh embedded database, local SMTP
// server) from e2e/fixtures.ts, so specs can look at rows and received e-mails.
export default defineConfig({
  testDir: './e2e',
  // Every worker's embedded database starts as a copy of one migrated one.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Never retried, on CI either: a test that fails once is a fault to find (issue 46).
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    // The site's offline worker (decision 0042) would answer some requests itself, out of
    // reach of page.route (a spec that breaks a language pack saw it loaded anyway): specs
    // run without workers; offline.spec and check-in.spec, which test them, allow them.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace for every test (retain-on-failure) made the specs about 35% slower
    // (foundation.spec: 34-37 s of test time without, 46-52 s with): no trace; run a failed
    // test again with `--trace on`.
    trace: 'off',
  },
});
