import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { hashPassword } from '~/platform/auth/passwords.server';
import { PATHS, PUBLIC_PAGES } from '~/platform/paths';
import { insertAdmin } from '@tests/helpers/admin';
import { expect, signInToAdmin, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 43: after "Prepare next year" to edition 6 in 2027, the site still said "the jubilee
// fifth", "Thank you for 2025!" and "on the feast of Žolinė". From the first content, the
// organiser prepares 2027; the wizard lists the texts that still name an old year, they are
// rewritten in the same step and published with the rest; then no page names the fifth, a
// jubilee or 2025, and the hero thanks for 2026.

// Its own server: what it publishes would reach the other specs' pages.
const test = base.extend({ site: siteFixture() });

const PASSWORD = 'Sestasis-savaitgalis-2027!';
const read = (namespace: string) =>
  JSON.parse(readFileSync(`src/platform/i18n/locales/lt/${namespace}.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const content = read('content') as unknown as {
  keys: Record<string, string>;
  editor: { languages: { lt: string; en: string } };
};
const nextYear = read('nextYear') as unknown as {
  stale: Record<string, string>;
  actions: Record<string, string>;
  banner: Record<string, string>;
  history: { title: string };
};

/** The rewritten texts, by place: the 2025 photo gallery's words, which are not about a year any more. */
const REWRITE: Record<string, string> = {
  'photos.title.lt': 'Akimirkos prie ežerų',
  'photos.title.en': 'Moments by the lakes',
  'photos.galleryTitle.lt': 'Nuotraukos',
  'photos.galleryTitle.en': 'Photos',
  'photos.alt.lt': 'Nuotrauka {{n}}',
  'photos.alt.en': 'Photo {{n}}',
};

async function fillBoth(scope: Locator, label: string, lt: string, en: string) {
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByLabel(content.editor.languages.lt, { exact: true }).fill(lt);
  await group.getByLabel(content.editor.languages.en, { exact: true }).fill(en);
}

/** The step at a phone's width and a laptop's, for looking at (NEXT_YEAR_SCREENSHOTS=dir). */
async function screenshots(page: Page, step: Locator, name: string) {
  const dir = process.env.NEXT_YEAR_SCREENSHOTS;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await step.screenshot({ path: `${dir}/next-year-texts-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** What a visitor reads of a page (no scripts, no markup). */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');

test('next year from the first content: the wizard lists the texts naming an old year, and no page names the fifth or 2025 after', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'texts@example.com' });
  await signInToAdmin(page, 'texts@example.com', PASSWORD);
  await page.goto('/admin/next-year?lang=lt');
  await waitForLanguage(page, 'lt');

  // The texts that still name the old edition or its years, each listed, before publishing.
  const step = page.getByRole('region', {
    name: nextYear.stale.title!.replace('{{edition}}', '5').replace('{{year}}', '2026'),
  });
  await expect(step).toBeVisible();
  const entries = step.getByRole('listitem');
  await expect(entries).toHaveCount(Object.keys(REWRITE).length);
  for (const entry of await entries.all()) {
    await expect(entry).toContainText(nextYear.stale.names!.replace('{{words}}', '2025'));
    await expect(entry.getByRole('link', { name: nextYear.stale.edit })).toHaveAttribute(
      'href',
      '/admin/content/page.about',
    );
  }
  await screenshots(page, step, 'listed');

  // Rewritten in the step: each says it follows the facts now.
  for (const entry of await entries.all()) {
    const box = entry.getByRole('textbox');
    const label = (await entry.locator('label').textContent()) ?? '';
    const language = (await box.getAttribute('lang')) as 'lt' | 'en';
    const place = Object.keys(REWRITE).find(
      (key) => key.endsWith(`.${language}`) && label.includes(key.slice(0, -3)),
    );
    expect(place, label).toBeDefined();
    await box.fill(REWRITE[place!]!);
    await expect(entry).toContainText(nextYear.stale.fixed!);
  }
  await screenshots(page, step, 'rewritten');

  // The banner as the wizard suggests it, every placeholder filled in its preview.
  const banner = page.getByRole('region', { name: nextYear.banner.title });
  await expect(banner).toContainText('Šeštasis BBQ savaitgalis – 2027 m. rugpjūčio 14 d.!');
  await expect(banner).toContainText('The sixth BBQ weekend – 14 August 2027!');
  for (const preview of await banner.locator('dd').all())
    await expect(preview).not.toContainText(/\{\{|jubil/i);

  // The 2026 year in the history, its texts written.
  const history = page.getByRole('region', { name: nextYear.history.title.replace('{{year}}', '2026') });
  await fillBoth(history, content.keys.edition!, 'Penktasis renginys', 'Fifth edition');
  await fillBoth(history, content.keys.title!, 'Jubiliejus prie ežerų', 'The jubilee by the lakes');
  await fillBoth(history, content.keys.description!, 'Penktą kartą kartu.', 'Together for the fifth time.');

  await page.getByRole('button', { name: nextYear.actions.publish, exact: true }).click();
  await expect(page.getByText('Paskelbta: svetainė kviečia į 6-ąjį savaitgalį')).toBeVisible();
  // Published, nothing is left to list.
  await expect(page.getByText(nextYear.stale.none!)).toBeVisible();

  // Every public page, in both languages: the history keeps 2026's own words about the fifth.
  const named: string[] = [];
  for (const path of PUBLIC_PAGES.filter((candidate) => !candidate.startsWith(PATHS.history))) {
    for (const lang of ['lt', 'en'] as const) {
      const text = visibleText(await (await page.request.get(`${site.url}${path}?lang=${lang}`)).text());
      const found = text.match(/.{0,40}(penkt|fifth|jubil|2025).{0,40}/i);
      if (found) named.push(`${path} ${lang}: ${found[0].trim()}`);
    }
  }
  expect(named).toEqual([]);

  // The hero thanks for the last weekend held, 2026.
  await page.goto('/?lang=lt');
  await waitForLanguage(page, 'lt');
  await expect(page.getByText('Ačiū už 2026-uosius!').first()).toBeVisible();
  await page.goto('/?lang=en');
  await waitForLanguage(page, 'en');
  await expect(page.getByText('Thank you for 2026!').first()).toBeVisible();
  await expect(page.getByText('The sixth gathering')).toBeVisible();

  expect(consoleErrors).toEqual([]);
});
