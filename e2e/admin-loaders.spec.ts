import { readFileSync } from 'node:fs';
import { insertAdmin, insertContact, insertOrder, sessionCookie } from '@tests/helpers/admin';
import { expect, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 45 (decision 0052): the dashboard reads through its route's loader. A change is
// followed by the loader read again (revalidation), so the filtered list, the tab's count and
// the tiles follow without a reload; and the server renders the signed-in admin's lists into
// the HTML, so they are readable without scripts (search a GET form, pages links).

const pack = JSON.parse(readFileSync('src/platform/i18n/locales/lt/admin.json', 'utf8')) as {
  stats: { newContacts: string };
  list: { find: string; next: string; previous: string };
  tabs: { contacts: string };
};

const test = base.extend({ site: siteFixture() });

test('edit, see the list update without reload, with scripts', async ({ page, site, consoleErrors }) => {
  test.setTimeout(90_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'loaders-e2e@example.com' });
  const [name, value] = (await sessionCookie(site, admin.id)).split('=') as [string, string];
  await insertContact(site.db, { name: 'Ona Žukauskienė' });
  await insertContact(site.db, { name: 'Petras Petraitis' });
  await page.context().addCookies([{ name, value, url: site.url }]);

  // Only the new messages.
  await page.goto('/admin?tab=contacts&status=new');
  await waitForLanguage(page, 'lt');
  const list = page.getByRole('tabpanel');
  const tile = page.locator('dt', { hasText: pack.stats.newContacts }).locator('xpath=following-sibling::dd');
  const tab = page.getByRole('tab', { name: new RegExp(pack.tabs.contacts) });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(tile).toHaveText('2');
  await expect(tab).toContainText('2');
  // A page that reloads loses this.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await list
    .getByRole('article')
    .filter({ hasText: 'Ona Žukauskienė' })
    .getByRole('button', { name: 'Pažymėti išspręsta' })
    .click();
  // Resolved: out of the list of new ones, one fewer on the tile and on the tab.
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article')).toContainText('Petras Petraitis');
  await expect(tile).toHaveText('1');
  await expect(tab).toContainText('1');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The search follows the typing, through the address (the loader reads it).
  await list.getByRole('searchbox').fill('Petras');
  await expect(page).toHaveURL(/[?&]q=Petras(&|$)/);
  await expect(list.getByRole('article')).toHaveCount(1);
  await list.getByRole('searchbox').fill('Nėra tokio');
  await expect(list.getByRole('article')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("admin's main lists readable without scripts", async ({ browser, site }) => {
  test.setTimeout(90_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'no-scripts-e2e@example.com' });
  const [name, value] = (await sessionCookie(site, admin.id)).split('=') as [string, string];
  const order = await insertOrder(site.db, { customer_name: 'Vytautas Šimkus' });
  // A minute apart: inserted within one millisecond, two would tie on created_at (the list's order).
  for (let n = 1; n <= 21; n++)
    await insertContact(site.db, {
      name: `Siuntėjas ${n}`,
      created_at: new Date(Date.now() - (30 - n) * 60_000),
    });
  await insertContact(site.db, { name: 'Kęstutis Kalnietis' });

  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const page = await context.newPage();
  // Signed out: the sign-in page, from the server.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await context.addCookies([{ name, value, url: site.url }]);
  await page.goto('/admin');
  await expect(page.getByText('Sveiki, Rūta!')).toBeVisible();
  // The first list (orders) is in the HTML.
  await expect(page.getByRole('article').filter({ hasText: order.order_number })).toContainText(
    'Vytautas Šimkus',
  );

  // Another list by its address: the newest 20 of 21 messages, then the next page by its link.
  await page.goto('/admin?tab=contacts&q=Siunt%C4%97jas');
  await expect(page.getByRole('article')).toHaveCount(20);
  await expect(page.getByRole('article').first()).toContainText('Siuntėjas 21');
  await page.getByRole('link', { name: pack.list.next }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Siuntėjas 1');

  // The search is a form: sent with its button.
  await page.getByRole('searchbox').fill('Kalniet');
  await page.getByRole('button', { name: pack.list.find }).click();
  await expect(page).toHaveURL(/[?&]q=Kalniet(&|$)/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Kęstutis Kalnietis');
  await context.close();
});
