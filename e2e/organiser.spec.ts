import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin } from '@tests/helpers/admin';
import { VALID_ORDER } from '@tests/helpers/orders';
import { expect, signInToAdmin, siteFixture, test as base, waitForLanguage } from './fixtures';

// An organiser prepares next year's site from the admin area alone: the event date, the
// banner, a new history year with two photos, the charcoal price. The public pages, the
// calendar file and a new order show it in both languages, with no rebuild and no restart.

// Its own server: the new prices and dates it publishes would reach the other specs' pages.
const test = base.extend({ site: siteFixture() });

const PASSWORD = 'Ežero-vakaras-2027!';
const pack = JSON.parse(readFileSync('src/platform/i18n/locales/lt/content.json', 'utf8')) as {
  event: Record<string, string>;
  banner: Record<string, string>;
  keys: Record<string, string>;
  products: Record<string, string>;
  editor: Record<string, string>;
  types: { page: Record<string, string> };
  media: Record<string, string>;
};

const LANGUAGE_LABELS = (pack.editor as unknown as { languages: { lt: string; en: string } }).languages;

/** A text in both languages: the fieldset named `label`, its Lithuanian and English inputs. */
async function fillBoth(scope: Page | Locator, label: string, lt: string, en: string) {
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByLabel(LANGUAGE_LABELS.lt, { exact: true }).fill(lt);
  await group.getByLabel(LANGUAGE_LABELS.en, { exact: true }).fill(en);
}

async function publish(page: Page) {
  await page.getByRole('button', { name: pack.editor.publish!, exact: true }).click();
  // A publish renders the pages it touches before it answers: seconds on a loaded machine.
  await expect(page.getByText(pack.editor.published!)).toBeVisible({ timeout: 30_000 });
}

async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1066, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test('an organiser prepares next year from the admin area; visitors see it at once', async ({
  page,
  site,
  request,
}) => {
  test.setTimeout(180_000);
  await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'organiser@example.com' });
  await signInToAdmin(page, 'organiser@example.com', PASSWORD);

  // Issue 31: no raw key in the list of contents, no raw author id in the versions.
  await page.goto('/admin/content');
  await waitForLanguage(page, 'lt');
  await expect(page.getByRole('main')).toContainText(pack.types.page.privacy!);
  await expect(page.getByRole('main')).not.toContainText(/\btypes\./);

  // 1. The event date (UK time), once.
  await page.goto('/admin/content/event');
  await waitForLanguage(page, 'lt');
  const versions = page.getByRole('region', { name: pack.editor.history!, exact: true });
  await expect(versions).toContainText(pack.editor.initialAuthor!);
  await expect(versions).not.toContainText(/\bseed\b/);
  await page.getByLabel(pack.event.start!, { exact: true }).fill('2027-08-14T08:00');
  await page.getByLabel(pack.event.end!, { exact: true }).fill('2027-08-15T12:00');
  await publish(page);

  // 2. The banner: a new text (visitors who closed the old one see it again).
  await page.goto('/admin/content/banner');
  await fillBoth(
    page,
    pack.banner.text!,
    'Šeštasis BBQ savaitgalis – {{shortDate}}!',
    'The sixth BBQ weekend – {{shortDate}}!',
  );
  await publish(page);

  // 3. A new history year with two photos, dropped on it at once.
  await page.goto('/admin/content/page.history');
  const years = page.getByRole('group', { name: pack.keys.years, exact: true }).first();
  await years.getByRole('button', { name: pack.editor.add!, exact: true }).last().click();
  const entry = years.locator(':scope > ol > li').last();
  await entry.getByLabel(pack.keys.year!, { exact: true }).fill('2026');
  await fillBoth(entry, pack.keys.edition!, 'Penktasis renginys', 'Fifth edition');
  await fillBoth(entry, pack.keys.title!, 'Jubiliejus prie ežerų', 'The jubilee by the lakes');
  await fillBoth(entry, pack.keys.description!, 'Penktą kartą kartu.', 'Together for the fifth time.');
  await fillBoth(entry, pack.keys.date!, '2026 m. rugpjūčio 15 d.', '15 August 2026');
  await fillBoth(entry, pack.keys.location!, 'Ežerų stovyklavietė', 'Lakeside campsite');
  await fillBoth(entry, pack.keys.price!, 'Nemokamai', 'Free');
  await fillBoth(entry, pack.keys.organizers!, 'Bendruomenė', 'The community');
  const photos = entry.getByRole('group', { name: pack.keys.photos, exact: true });
  await photos.locator('input[type=file]').setInputFiles([
    { name: 'laužas.jpg', mimeType: 'image/jpeg', buffer: await photo('#b4532a') },
    { name: 'ežeras.jpg', mimeType: 'image/jpeg', buffer: await photo('#2a6bb4') },
  ]);
  await expect(photos.getByText('Pridėtos 2 nuotraukos')).toBeVisible({ timeout: 30_000 });
  await expect(photos.locator(':scope > ol > li')).toHaveCount(2);
  // The newest year goes first: move it to the top.
  for (let i = 0; i < 4; i++) {
    await years.getByRole('button', { name: 'Perkelti aukščiau: 2026', exact: true }).click();
  }
  await publish(page);

  // 4. The charcoal price.
  await page.goto('/admin/content/products');
  const charcoal = page
    .getByRole('group', { name: pack.products.list, exact: true })
    .locator(':scope > ol > li')
    .first();
  await charcoal.getByLabel(pack.products.price!, { exact: true }).fill('22.50');
  await publish(page);

  // Visitors, in both languages, with no rebuild and no restart.
  await page.goto('/');
  await waitForLanguage(page, 'lt');
  await expect(page.getByText(/^Šeštasis BBQ savaitgalis – 2027 m\. rugpjūčio 14 d\.!/)).toBeVisible();
  await expect(page.getByText('2027 m. rugpjūčio 14 d.').first()).toBeVisible();
  await page.goto('/?lang=en');
  await waitForLanguage(page, 'en');
  await expect(page.getByText(/^The sixth BBQ weekend – 14 August 2027!/)).toBeVisible();
  await expect(page.getByText('14 August 2027').first()).toBeVisible();

  await page.goto('/istorija?lang=lt');
  await waitForLanguage(page, 'lt');
  const card = page.getByRole('article', { name: /2026 · Jubiliejus prie ežerų/ });
  await expect(card).toBeVisible();
  await expect(card.locator('img').first()).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/w1440$/);
  await card.locator('summary', { hasText: 'Žiūrėti nuotraukas (2)' }).click();
  await expect(page.getByRole('dialog', { name: '2026 m. nuotraukos' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/istorija?lang=en');
  await expect(page.getByRole('article', { name: /2026 · The jubilee by the lakes/ })).toBeVisible();

  for (const lang of ['lt', 'en']) {
    await page.goto(`/sponsor/reduk/anglys?lang=${lang}`);
    await expect(page.getByTestId('price')).toHaveText(lang === 'en' ? '£22.50' : '22,50 £');
  }

  const calendar = await (await request.get(`${site.url}/renginys.ics?lang=en`)).text();
  expect(calendar).toContain('DTSTART;TZID=Europe/London:20270814T080000');

  const order = await request.post(`${site.url}/api/orders`, {
    data: { ...VALID_ORDER, quantity: 1 },
    headers: { origin: site.url },
  });
  expect(order.status()).toBe(201);
  const { token } = (await order.json()) as { token: string };
  const view = (await (await request.get(`${site.url}/api/orders/${token}`)).json()) as {
    total_amount: number;
  };
  expect(view.total_amount).toBe(2250);
});
