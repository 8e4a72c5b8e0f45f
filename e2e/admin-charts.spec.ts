import { readFileSync } from 'node:fs';
import { insertAdmin, insertOrder, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { expect, test, waitForLanguage } from './fixtures';

// The dashboard's charts: drawn from the seeded records, and the table view shows the same
// numbers the API counted.

const pack = JSON.parse(readFileSync('src/platform/i18n/locales/lt/admin.json', 'utf8')) as {
  charts: { title: string; showTable: string; showCharts: string; from: string; show: string };
};

const londonDate = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
/** Midday UTC of a London date: the same date in London in summer and winter. */
const midday = (date: string) => new Date(`${date}T12:00:00Z`);

test('charts render with seeded data and the table view matches the numbers', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // Signed in by a session made directly: the password check is another spec's subject.
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'charts@example.com' });
  const twoDaysAgo = londonDate(-2);
  const yesterday = londonDate(-1);
  for (const [date, adults, children] of [
    [twoDaysAgo, 2, 1],
    [twoDaysAgo, 1, 0],
    [yesterday, 3, 2],
  ] as const) {
    const { id } = await insertRegistration(site.db, { adults, children });
    await site.db
      .updateTable('registrations')
      .set({ created_at: midday(date) } as never)
      .where('id', '=', id)
      .execute();
  }
  await insertOrder(site.db, {
    created_at: midday(yesterday),
    payment_status: 'paid',
    total_amount: 5997,
  } as never);

  const counted = await site.db
    .selectFrom('registrations')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(counted.n)).toBe(3);

  const [name, value] = (await sessionCookie(site, admin.id)).split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: site.url }]);
  await page.goto('/admin');
  await waitForLanguage(page, 'lt');
  const charts = page.getByRole('region', { name: pack.charts.title });
  await expect(charts).toBeVisible();
  for (const id of ['registrations', 'shop', 'mail']) {
    const canvas = charts.getByTestId(`chart-${id}`).locator('canvas');
    await expect(canvas).toBeVisible();
    const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
      const context = element.getContext('2d')!;
      const pixels = context.getImageData(0, 0, element.width, element.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
      return { width: element.width, painted };
    });
    expect(drawn.width).toBeGreaterThan(200);
    expect(drawn.painted).toBeGreaterThan(500);
  }
  // Totals beside the registrations chart: 3 registered, 9 people (issue 43: the dashboard's words).
  await expect(charts.getByTestId('chart-registrations')).toContainText('Užsiregistravę: 3');
  await expect(charts.getByTestId('chart-registrations')).toContainText('Žmonės: 9');
  await page.screenshot({ path: test.info().outputPath('charts.png'), fullPage: true });

  await charts.getByRole('button', { name: pack.charts.showTable }).click();
  const table = charts.getByTestId('daily-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(30);
  const row = (date: string) => table.locator(`tbody tr:has(time[datetime="${date}"])`);
  const cell = (date: string, series: string) => row(date).locator(`td[data-series="${series}"]`);
  await expect(cell(twoDaysAgo, 'registration.registrations')).toHaveText('2');
  await expect(cell(twoDaysAgo, 'registration.people')).toHaveText('4');
  await expect(cell(yesterday, 'registration.registrations')).toHaveText('1');
  await expect(cell(yesterday, 'registration.people')).toHaveText('5');
  await expect(cell(yesterday, 'shop.orders')).toHaveText('1');
  // Money as the admin's language writes it (format.ts): 59,97 £ in Lithuanian.
  await expect(cell(yesterday, 'shop.revenuePence')).toHaveText(/^59,97\s£$/);
  await expect(cell(londonDate(0), 'registration.registrations')).toHaveText('0');

  // The API's numbers are the table's numbers.
  const api = (await (
    await page.request.get(`/api/admin/stats/daily?from=${twoDaysAgo}&to=${yesterday}`)
  ).json()) as { days: Array<{ date: string; values: Record<string, Record<string, number>> }> };
  for (const day of api.days)
    for (const [section, values] of Object.entries(day.values))
      for (const [key, value] of Object.entries(values))
        if (key !== 'revenuePence')
          await expect(cell(day.date, `${section}.${key}`)).toHaveText(String(value));

  // A shorter range: seven rows.
  await charts.getByRole('button', { name: '7 dienos' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await page.screenshot({ path: test.info().outputPath('table.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});
