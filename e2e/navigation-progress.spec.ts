import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PATHS } from '~/platform/paths';
import { expect, test, useEnglish, waitForLanguage } from './fixtures';

// The slim progress bar while the next page's code or data loads on a slow connection, and
// nothing at all for a quick navigation.

const pack = (language: 'lt' | 'en') =>
  JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/common.json`, 'utf8')) as {
    nav: { label: string };
    pageLoading: string;
  };

/**
 * Holds back the route modules and loader data fetched from now on (a slow signal) until the
 * test lets them through: what it checks meanwhile cannot race a delay in real time (a held
 * 1.5 s once ran out on a loaded machine before the page's fake clock reached the bar's delay).
 */
async function holdNavigation(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$|\.data(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records whether the bar was ever in the document, however briefly. */
async function watchForBar(page: Page) {
  await page.evaluate(() => {
    const seen = { bar: false };
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="navigation-progress"]')) seen.bar = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const barWasSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: { bar: boolean } }).progressSeen.bar);

for (const language of ['lt', 'en'] as const) {
  test(`a slow navigation shows the bar and announces it (${language})`, async ({ page, consoleErrors }) => {
    const text = pack(language);
    if (language === 'en') await useEnglish(page);
    await page.goto(PATHS.home);
    await waitForLanguage(page, language);
    const bar = page.getByTestId('navigation-progress');
    await expect(bar).toHaveCount(0);

    const release = await holdNavigation(page);
    await page
      .getByRole('navigation', { name: text.nav.label })
      .locator(`a[href="${PATHS.history}"]`)
      .click();
    await expect(bar).toBeVisible();
    // Shown while the next page is still loading: the address has not changed yet.
    expect(new URL(page.url()).pathname).toBe(PATHS.home);
    await page.screenshot({
      path: test.info().outputPath('progress.png'),
      clip: { x: 0, y: 0, width: 1280, height: 120 },
    });
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
    // Said once by screen readers: the text appears inside a polite live region.
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: text.pageLoading })).toHaveCount(1);

    release();
    await expect(page).toHaveURL(new RegExp(`${PATHS.history}(\\?|$)`));
    await expect(bar).toHaveCount(0);
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText(text.pageLoading)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
}

test('a navigation that ends within the delay shows nothing', async ({ page, consoleErrors }) => {
  const text = pack('lt');
  await page.goto(PATHS.history);
  await waitForLanguage(page, 'lt');
  // The page's timers run only as the test says: the navigation below ends, however long the
  // shared machine takes, before the page has lived 200 ms of its own time.
  await page.clock.install();
  // Installed, the clock still runs by itself: stopped, it moves only by runFor.
  await page.clock.pauseAt(Date.now() + 60_000);
  await watchForBar(page);
  const nav = page.getByRole('navigation', { name: text.nav.label });
  await nav.locator(`a[href="${PATHS.about}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.about}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(150);
  // Its timer was cancelled when the navigation ended: later on, nothing either.
  await page.clock.runFor(1000);
  expect(await barWasSeen(page)).toBe(false);
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  expect(consoleErrors).toEqual([]);
});

test('the same navigation held past the delay shows the bar (same clock)', async ({ page }) => {
  const text = pack('lt');
  await page.goto(PATHS.history);
  await waitForLanguage(page, 'lt');
  await page.clock.install();
  // Installed, the clock still runs by itself: stopped, it moves only by runFor.
  await page.clock.pauseAt(Date.now() + 60_000);
  const release = await holdNavigation(page);
  await page.getByRole('navigation', { name: text.nav.label }).locator(`a[href="${PATHS.about}"]`).click();
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  await page.clock.runFor(150);
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(page.getByTestId('navigation-progress')).toBeVisible();
  release();
  await expect(page).toHaveURL(new RegExp(`${PATHS.about}$`));
  // Whatever the page still schedules after the navigation runs, then the bar is gone.
  await page.clock.runFor(1000);
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
});
