import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { expect, signInToAdmin, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 30: an organiser prepares 2027 in one step — the new dates, the 2026 year in the
// history with a photo, the banner — previews the three drafts together and publishes them
// together; the home page invites to 2027 and the history page shows 2026.

// Its own server: what it publishes would reach the other specs' pages.
const test = base.extend({ site: siteFixture() });

const PASSWORD = 'Kiti-metai-prie-ezeru-2027!';
const read = (namespace: string) =>
  JSON.parse(readFileSync(`src/platform/i18n/locales/lt/${namespace}.json`, 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
const content = read('content') as {
  keys: Record<string, string>;
  event: Record<string, string>;
  banner: Record<string, string>;
  editor: { languages: { lt: string; en: string } };
};
const admin = read('admin') as unknown as { stats: { headcountTitle: string; adults: string } };
const nextYear = read('nextYear') as unknown as {
  entry: { title: string };
  history: { title: string };
  banner: { title: string };
  dates: { title: string };
  actions: Record<string, string>;
  errors: { title: string };
};

/** A text in both languages: the fieldset named `label`, its Lithuanian and English inputs. */
async function fillBoth(scope: Page | Locator, label: string, lt: string, en: string) {
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByLabel(content.editor.languages.lt, { exact: true }).fill(lt);
  await group.getByLabel(content.editor.languages.en, { exact: true }).fill(en);
}

/** Each step at a phone's width and a laptop's, for looking at (NEXT_YEAR_SCREENSHOTS=dir). */
async function screenshots(page: Page, steps: Locator[], name: string) {
  const dir = process.env.NEXT_YEAR_SCREENSHOTS;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [i, step] of steps.entries()) {
      await step.screenshot({ path: `${dir}/next-year-${name}-${i + 1}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an organiser prepares 2027 in one step, previews it and publishes it; nothing half-done goes live', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // A visitor registers for the 2026 weekend (edition 5) through the public form's API.
  const registered = await page.request.post(`${site.url}${validRequests.registration.url}`, {
    data: { ...validRequests.registration.body, adults: 3, email: 'rasa@example.com' },
  });
  expect(registered.status()).toBe(201);
  await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'next-year@example.com' });
  await signInToAdmin(page, 'next-year@example.com', PASSWORD);

  // From the content list.
  await page.goto('/admin/content');
  await waitForLanguage(page, 'lt');
  await page.getByRole('link', { name: new RegExp(nextYear.entry.title) }).click();
  await expect(page).toHaveURL(/\/admin\/next-year$/);
  await expect(page.getByRole('heading', { level: 1, name: nextYear.entry.title })).toBeVisible();

  // 1. The same weekend a year later, edition 6, suggested.
  const dates = page.getByRole('region', { name: nextYear.dates.title });
  await expect(dates.getByLabel(content.event.edition!, { exact: true })).toHaveValue('6');
  await expect(dates.getByLabel(content.event.start!, { exact: true })).toHaveValue('2027-08-14T08:00');
  await expect(dates.getByLabel(content.event.end!, { exact: true })).toHaveValue('2027-08-15T12:00');

  // 2. The 2026 year, filled in from the facts; its story is still to write.
  const history = page.getByRole('region', { name: nextYear.history.title.replace('{{year}}', '2026') });
  const date = history.getByRole('group', { name: content.keys.date, exact: true });
  await expect(date.getByLabel(content.editor.languages.lt, { exact: true })).toHaveValue(
    '2026 m. rugpjūčio 15–16 d.',
  );
  const banner = page.getByRole('region', { name: nextYear.banner.title });
  await screenshots(page, [dates, history, banner], 'suggested');

  // Publishing now is refused with the reasons, and nothing changes.
  await page.getByRole('button', { name: nextYear.actions.publish, exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: nextYear.errors.title });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('years.0.title.lt');
  await page.goto('/?lang=en');
  await waitForLanguage(page, 'en');
  await expect(page.getByText('The jubilee fifth BBQ weekend – 15 August 2026').first()).toBeVisible();
  await page.goto('/admin/next-year?lang=lt');
  await waitForLanguage(page, 'lt');

  await fillBoth(history, content.keys.edition!, 'Penktasis renginys', 'Fifth edition');
  await fillBoth(history, content.keys.title!, 'Jubiliejus prie ežerų', 'The jubilee by the lakes');
  await fillBoth(history, content.keys.description!, 'Penktą kartą kartu.', 'Together for the fifth time.');
  const photos = history.getByRole('group', { name: content.keys.photos, exact: true });
  await photos.locator('input[type=file]').setInputFiles([
    {
      name: 'laužas.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b4532a' } })
        .jpeg()
        .toBuffer(),
    },
  ]);
  await expect(photos.locator(':scope > ol > li')).toHaveCount(1, { timeout: 30_000 });

  // 3. The banner: the new date flows in.
  await fillBoth(
    banner,
    content.banner.text!,
    'Šeštasis BBQ savaitgalis – {{shortDate}}!',
    'The sixth BBQ weekend – {{shortDate}}!',
  );
  await expect(banner.getByText('Šeštasis BBQ savaitgalis – 2027 m. rugpjūčio 14 d.!')).toBeVisible();

  // Saved as drafts; the preview shows the three together, the site still the old ones.
  await page.getByRole('button', { name: nextYear.actions.save, exact: true }).click();
  await expect(page.getByText(nextYear.actions.saved!)).toBeVisible();
  await screenshots(
    page,
    [dates, history, banner, page.getByRole('region', { name: nextYear.actions.preview })],
    'filled',
  );
  const preview = page.getByRole('link', { name: 'Pradinis puslapis: Peržiūrėti angliškai' });
  const previewHtml = await (
    await page.context().request.get((await preview.getAttribute('href')) as string)
  ).text();
  expect(previewHtml).toContain('The sixth BBQ weekend – 14 August 2027!');
  const historyPreview = page.getByRole('link', { name: 'Istorija: Peržiūrėti lietuviškai' });
  expect(
    await (await page.context().request.get((await historyPreview.getAttribute('href'))!)).text(),
  ).toContain('Jubiliejus prie ežerų');

  await page.getByRole('button', { name: nextYear.actions.publish, exact: true }).click();
  await expect(page.getByText('Paskelbta: svetainė kviečia į 6-ąjį savaitgalį')).toBeVisible();

  // Visitors: the home page invites to 2027, the history shows 2026 with its photo.
  await page.goto('/?lang=lt');
  await waitForLanguage(page, 'lt');
  await expect(page.getByText(/^Šeštasis BBQ savaitgalis – 2027 m\. rugpjūčio 14 d\.!/)).toBeVisible();
  await expect(page.getByText('2027 m. rugpjūčio 14 d.').first()).toBeVisible();
  // The header's Žolinė link names the published year (its text said 2026 whatever the facts).
  await expect(page.getByRole('link', { name: 'Žolinė 2027' }).first()).toBeVisible();
  await page.goto('/?lang=en');
  await waitForLanguage(page, 'en');
  await expect(page.getByText(/^The sixth BBQ weekend – 14 August 2027!/)).toBeVisible();
  await page.goto('/istorija?lang=en');
  await waitForLanguage(page, 'en');
  const card = page.getByRole('article', { name: /2026 · The jubilee by the lakes/ });
  await expect(card).toBeVisible();
  await expect(card.getByText('15–16 August 2026')).toBeVisible();
  await expect(card.locator('img').first()).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/w1440$/);
  expect(
    (await site.db.selectFrom('editions').select('edition').orderBy('edition').execute()).map(
      (r) => r.edition,
    ),
  ).toEqual([5, 6]);
  // The dashboard counts next year's registrations (none yet); 2026's stay under 2026.
  await page.goto('/admin?tab=registrations&lang=lt');
  await waitForLanguage(page, 'lt');
  const picker = page.getByLabel('Renginys', { exact: true });
  const adults = page
    .locator('div', { has: page.getByRole('heading', { level: 3, name: admin.stats.headcountTitle }) })
    .locator('div', { has: page.getByText(admin.stats.adults, { exact: true }) })
    .locator('dd');
  await expect(picker).toHaveValue('6');
  await expect(adults).toHaveText('0');
  await picker.selectOption('5');
  await expect(adults).toHaveText('3');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);

  // The browser logs the refused publish's answer (422); nothing else may fail.
  expect(consoleErrors.filter((error) => !error.includes('status of 422'))).toEqual([]);
  expect(consoleErrors).toHaveLength(1);
});
