import { insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import type { PageStore } from '~/platform/render/page-store.server';
import { expect, siteFixture, test as base, useEnglish, waitForLanguage } from './fixtures';

// Decision 0044: a publish of the banner or the contacts renders the home page and copies its
// frame parts (banner, footer contacts, the frame's data) into every other stored page. The
// pages so made must be what a render would be: they show the new banner and contacts, and
// hydrate without a mismatch (React reports one as an error), in both languages. The server
// renders every page at start and after a publish, as in production.
const test = base.extend({ site: siteFixture({}, { renderPagesAtStart: true }) });
// One worker, one site and one publish for both languages.
test.describe.configure({ mode: 'serial' });

const BANNER = { lt: 'Stovyklavietė jau laukia jūsų', en: 'The campsite is waiting for you' };
const EMAIL = 'stovykla@lietuviubbq.uk';

test.beforeAll(async ({ site }) => {
  // Every page rendered at start, then two publishes: on a machine busy with both workers.
  test.setTimeout(120_000);
  const store = site.app.site as PageStore;
  await store.idle();
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'frame-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  const splicesBefore = store.splices;
  await publishContent(site, cookie, 'banner', { text: BANNER, enabled: true });
  await publishContent(site, cookie, 'contacts', { email: EMAIL });
  // The pages below were spliced, not rendered.
  expect(store.splices - splicesBefore).toBeGreaterThan(40);
});

for (const language of ['lt', 'en'] as const) {
  test(`spliced pages show the new banner and contacts and hydrate cleanly (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    if (language === 'en') await useEnglish(page);
    for (const path of ['/duk', '/maistas', '/istorija']) {
      await page.goto(path);
      await waitForLanguage(page, language);
      const banner = page.getByRole('complementary').first();
      await expect(banner).toContainText(BANNER[language]);
      await expect(page.locator(`footer a[href="mailto:${EMAIL}"]`)).toBeVisible();
    }
    // React's handlers are attached (the banner hides), and a page reached without loading a
    // document keeps the frame the first one came with.
    await page.getByRole('complementary').first().locator('summary').click();
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await page.locator('footer a[href="/saugumo-taisykles"]').click();
    await expect(page).toHaveURL(/\/saugumo-taisykles$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator(`footer a[href="mailto:${EMAIL}"]`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
