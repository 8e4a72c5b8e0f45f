import { expect, test, waitForLanguage } from './fixtures';

// The first paint never waits for JavaScript (decision 0021): the page's scripts are fetched
// only after the window's load and the first contentful paint, then the page hydrates.
for (const [path, language] of [
  ['/', 'lt'],
  ['/istorija?lang=en', 'en'],
  // Pages that fetch what they show still paint their frame and heading first.
  ['/registracija-sekminga', 'lt'],
  ['/order-history?lang=en', 'en'],
] as const) {
  test(`${path}: paints before any script is fetched, then hydrates`, async ({ page, consoleErrors }) => {
    // Count the Intl formatters the page makes: the first one starts Intl, a long task on a
    // phone (~200 ms under Lighthouse's slow-down), for dates and prices the HTML already holds.
    await page.addInitScript(() => {
      const made: string[] = ((window as unknown as { intlMade: string[] }).intlMade = []);
      for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules'] as const) {
        const Real = Intl[name];
        Object.defineProperty(Intl, name, {
          value: new Proxy(Real, {
            construct: (target, args: unknown[]) => (made.push(name), Reflect.construct(target, args)),
          }),
        });
      }
    });
    await page.goto(path);
    await waitForLanguage(page, language);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((r) => /^\/assets\/.+\.js$/.test(new URL(r.name).pathname));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        load: navigation.loadEventStart,
        scripts: scripts.length,
        firstScript: Math.min(...scripts.map((s) => s.startTime)),
        preloadsInHtml: document.querySelectorAll('link[rel="modulepreload"]').length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.load);
    // Hydration added the preloads itself, once the page had painted (the language packs and
    // what loads on intent come on top, so there are more scripts than preloads).
    expect(timing.preloadsInHtml).toBeGreaterThan(3);
    // Hydrated for real: the banner's close button runs React's handler, which removes the
    // banner (without scripts its <details> only closes, issue 44).
    await page.getByRole('complementary').first().locator('summary').click();
    await expect(page.getByRole('complementary')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
    expect(consoleErrors).toEqual([]); // a CSP refusal of the rewritten script would show here
  });
}

// Issue 34: a first visit to `/` downloads only what it runs. The toast region and its
// library (sonner, 9 KB gzip) came right after hydration although no toast is shown; they
// now come with the first toast (e2e/toasts.spec.ts shows one appears).
test('/: nothing more is downloaded after hydration, the toast library only with a toast', async ({
  page,
  consoleErrors,
}) => {
  // What hydration's effects fetch, up to the page's first idle moment, when the offline
  // worker's code is fetched (useSiteWorker): the last thing a first visit asks for.
  const idle = page.waitForResponse((response) => /\/assets\/site-worker-[\w-]+\.js$/.test(response.url()));
  await page.goto('/');
  await waitForLanguage(page, 'lt');
  const hydratedAt = await page.evaluate(() => performance.now());
  await idle;
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => /^\/assets\/.+\.js$/.test(new URL(r.name).pathname))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
  );
  // Only the offline worker's start (decision 0042: its code and its texts, about 1.3 KB gzip,
  // fetched once the page is idle, to register the worker that keeps the pages for the campsite).
  const offlineWorker = /\/(site-worker|offline)-[\w-]+\.js$/;
  expect(scripts.filter((script) => script.start > hydratedAt && !offlineWorker.test(script.path))).toEqual(
    [],
  );
  expect(scripts.some((script) => /Toasts-/.test(script.path))).toBe(false);
  await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
