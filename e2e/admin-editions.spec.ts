import { readFileSync } from 'node:fs';
import { call, insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { expect, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 30: the dashboard shows one edition at a time. Once the event facts say 2027 (edition
// 6), the numbers are next year's (none yet); 2026's are one choice away, kept in the address.

const pack = JSON.parse(readFileSync('src/platform/i18n/locales/lt/admin.json', 'utf8')) as {
  stats: { headcountTitle: string; adults: string };
  charts: { title: string };
};

// Publishes next year's facts: a site of its own, seen by no other spec.
const test = base.extend({ site: siteFixture() });

test('switching the edition on the dashboard changes its numbers, list and chart', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'editions-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  // 2026 (edition 5, the initial content): 3 + 2 adults.
  await insertRegistration(site.db, { first_name: 'Aldona', edition: 5, adults: 3, children: 0 });
  await insertRegistration(site.db, { first_name: 'Birutė', edition: 5, adults: 2, children: 0 });

  // The organisers move the facts to 2027.
  const doc = (await (await call(site, 'GET', '/api/admin/content/event', { cookie })).json()) as {
    draft: Record<string, unknown>;
    draftVersion: number;
  };
  const draft = await call(site, 'PUT', '/api/admin/content/event/draft', {
    cookie,
    body: {
      data: { ...doc.draft, edition: 6, start: '2027-08-14T12:00', end: '2027-08-15T16:00' },
      baseVersion: doc.draftVersion,
    },
  });
  expect(draft.status).toBe(200);
  const { draftVersion } = (await draft.json()) as { draftVersion: number };
  expect(
    (
      await call(site, 'POST', '/api/admin/content/event/publish', {
        cookie,
        body: { baseVersion: draftVersion },
      })
    ).status,
  ).toBe(200);
  await insertRegistration(site.db, { first_name: 'Šarūnas', edition: 6, adults: 1, children: 0 });

  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: site.url }]);
  await page.goto('/admin?tab=registrations');
  await waitForLanguage(page, 'lt');

  const picker = page.getByLabel('Renginys', { exact: true });
  const headcounts = page.locator('div', {
    has: page.getByRole('heading', { level: 3, name: pack.stats.headcountTitle }),
  });
  const adults = headcounts
    .locator('div', { has: page.getByText(pack.stats.adults, { exact: true }) })
    .locator('dd');
  // The edition's numbers (issue 43) say which edition they count.
  const counts = page.getByTestId('edition-counts');
  const list = page.getByRole('tabpanel');
  const chartsEdition = page.getByTestId('charts-edition');

  // The current edition by default: 2027's one registration.
  await expect(picker).toHaveValue('6');
  await expect(picker.locator('option:checked')).toHaveText('2027 · 6-asis (dabartinis)');
  await expect(adults).toHaveText('1');
  await expect(counts.getByRole('heading', { level: 3 })).toContainText('2027 · 6-asis');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article')).toContainText('Šarūnas');
  await expect(chartsEdition).toContainText('2027 · 6-asis');

  // Last year: one click away, and in the address.
  await picker.selectOption('5');
  await expect(page).toHaveURL(/[?&]edition=5(&|$)/);
  await expect(page).toHaveURL(/[?&]tab=registrations(&|$)/);
  await expect(adults).toHaveText('5');
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').filter({ hasText: 'Aldona' })).toBeVisible();
  await expect(chartsEdition).toContainText('2026 · 5-asis');
  const csv = list.getByRole('link', { name: 'Atsisiųsti CSV' });
  await expect(csv).toHaveAttribute('href', /[?&]edition=5(&|$)/);

  // A reload (or a shared link) shows the same edition.
  await page.reload();
  await waitForLanguage(page, 'lt');
  await expect(picker).toHaveValue('5');
  await expect(adults).toHaveText('5');

  // An edition that does not exist in the address: the current one.
  await page.goto('/admin?edition=99');
  await waitForLanguage(page, 'lt');
  await expect(picker).toHaveValue('6');
  await expect(adults).toHaveText('1');
  expect(consoleErrors).toEqual([]);
});
