import { readFileSync } from 'node:fs';
import { insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { expect, siteFixture, test as base, useEnglish, waitForLanguage } from './fixtures';
import { fillRegistration, registrationTexts } from './registration-form';

// Issue 30: registration closes by itself. A visitor who filled the form on a page opened
// while it was open and sends it after it closed is told so in their language, and nothing
// is stored; the page then says registration is closed instead of showing the form.

// Changes the event facts: a site of its own, seen by no other spec.
const test = base.extend({ site: siteFixture() });

type Language = 'lt' | 'en';
const pack = (language: Language) =>
  JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/registration.json`, 'utf8')) as {
    window: { refusedClosed: string; closedTitle: string };
  };

test('a form sent after registration closed is refused in the visitor’s language and stored nowhere', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'window-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  // The site's clock is 1 July 2026, before the first content's weekend.
  const window = (closes: string) =>
    publishContent(site, cookie, 'event', { registration: { opens: '', closes } });

  for (const language of ['lt', 'en'] as const) {
    await window('');
    if (language === 'en') await useEnglish(page);
    await page.goto('/registracija');
    await waitForLanguage(page, language);
    await fillRegistration(page, language, `late-${language}@example.com`);
    // Meanwhile, with the form filled in, the organisers close registration.
    await window('2026-06-30T12:00');

    await page.getByRole('button', { name: registrationTexts[language].submit, exact: true }).click();
    await expect(page.getByText(pack(language).window.refusedClosed)).toBeVisible();
    expect(await site.db.selectFrom('registrations').select('id').execute()).toEqual([]);

    await page.reload();
    await waitForLanguage(page, language);
    await expect(
      page.getByRole('heading', { level: 2, name: pack(language).window.closedTitle }),
    ).toBeVisible();
    await expect(page.getByLabel(registrationTexts[language].firstName, { exact: true })).toHaveCount(0);
  }
  // The browser logs each refused post (409); nothing else may fail.
  expect(consoleErrors.filter((error) => !error.includes('status of 409'))).toEqual([]);
});
