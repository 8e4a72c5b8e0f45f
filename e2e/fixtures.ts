import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

export interface Site extends TestApp {
  smtp: TestSmtp;
}

interface TestFixtures {
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

interface WorkerFixtures {
  site: Site;
}

/**
 * The test servers' settings: no fill time for the forms' bot trap (FORM_MIN_FILL_MS, 2 s in
 * production), so a spec sends a form as soon as it is filled instead of waiting like a person;
 * the trap itself is tested in tests/app/form-fill-time.test.ts.
 */
const TEST_SERVER_ENV = { FORM_MIN_FILL_MS: '0' };

/**
 * A server of the worker's own (fresh embedded database, its own SMTP), with `env` added.
 * A spec that overrides `site` with it runs in workers of its own (Playwright keeps workers
 * apart by their fixtures), so what it publishes or signs up is seen by no other spec.
 */
export function siteFixture(
  env: Record<string, string> = {},
  /** Render every page at start and after a publish, as in production (the default: on request). */
  { renderPagesAtStart = false } = {},
): [
  (args: object, use: (site: Site) => Promise<void>) => Promise<void>,
  { scope: 'worker'; timeout: number },
] {
  return [
    async ({}, use) => {
      const smtp = await startTestSmtp();
      const app = await startTestApp(
        'pglite',
        { ...TEST_SERVER_ENV, SMTP_URL: smtp.url, ...env },
        { renderPagesAtStart },
      );
      await use({ ...app, smtp });
      await app.close();
      await smtp.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: siteFixture(),
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/**
 * Opens pages in English, as a returning visitor who chose it: the language cookie (the
 * server sends the English page) and the saved choice. Without the cookie each page came in
 * Lithuanian and reloaded in English after hydration (decision 0045): that path has a test
 * of its own in foundation.spec.ts.
 */
export async function useEnglish(page: Page) {
  await page.context().addCookies([{ name: 'language', value: 'en', domain: '127.0.0.1', path: '/' }]);
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
}

/**
 * Scripts start after the page's load and first paint (decision 0021): on a machine busy with
 * both test workers that took more than the usual 7 s expect window (seen in CI). Speed is
 * measured by the first-paint spec and the bench, not here.
 */
const HYDRATION_TIMEOUT_MS = 15_000;

/** Waits until the page has hydrated (React attached) and shows `language`. */
export async function waitForLanguage(page: Page, language: 'lt' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: HYDRATION_TIMEOUT_MS });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
    timeout: HYDRATION_TIMEOUT_MS,
  });
}

/**
 * Waits until the outbox has nothing left to send (no mail pending or being sent): every
 * e-mail queued so far has reached the test SMTP server or failed. "Nothing more arrives"
 * is checked after it, so a duplicate queued by then would be seen.
 */
export async function outboxIdle(site: Site) {
  await expect
    .poll(
      async () =>
        (
          await site.db
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', 'in', ['pending', 'sending'])
            .execute()
        ).length,
      { timeout: 15_000 },
    )
    .toBe(0);
}

/** axe-core WCAG 2.x A/AA scan; returns violations (expect it to be empty). */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
}

/** Signs in on /admin/login (Lithuanian) and waits for the dashboard. */
export async function signInToAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await waitForLanguage(page, 'lt');
  await page.getByLabel('El. paštas').fill(email);
  await page.getByLabel('Slaptažodis', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Prisijungti' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}
