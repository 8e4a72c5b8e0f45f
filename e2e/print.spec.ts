import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { VALID_ORDER } from '@tests/helpers/orders';
import { PATHS } from '~/platform/paths';
import { expect, test, waitForLanguage } from './fixtures';

const lt = JSON.parse(readFileSync('src/platform/i18n/locales/lt/common.json', 'utf8')) as {
  nav: { label: string };
};

// What people print (the campsite rules, the recipes, their order confirmation) prints as
// the page's own content: no header, banner, navigation or footer, ink on white, and where
// each outside link goes.

/** Elements in print media whose background is neither transparent nor white. */
async function colouredBackgrounds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const plain = new Set(['rgba(0, 0, 0, 0)', 'transparent', 'rgb(255, 255, 255)']);
    return [...document.querySelectorAll('body, body *')].flatMap((element) => {
      const style = getComputedStyle(element);
      if (style.display === 'none' || element.closest('[aria-hidden="true"]')) return [];
      const coloured = !plain.has(style.backgroundColor) || style.backgroundImage !== 'none';
      return coloured
        ? [`${element.tagName.toLowerCase()}.${element.className}: ${style.backgroundColor}`]
        : [];
    });
  });
}

async function expectPrintsCleanly(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  // On screen the shell is there…
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: lt.nav.label })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // …on paper only the page itself.
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: lt.nav.label })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await colouredBackgrounds(page)).toEqual([]);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: test.info().outputPath('print.png'), fullPage: true });
}

test.describe('printing', () => {
  for (const path of [PATHS.safety, PATHS.recipes]) {
    test(`${path} prints without the site's frame or dark panels`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await waitForLanguage(page, 'lt');
      await expectPrintsCleanly(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the order confirmation prints cleanly', async ({ page, consoleErrors }) => {
    const created = await page.request.post('/api/orders', { data: VALID_ORDER });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    await page.locator('button[value="pay"]').click();
    await expect(page).toHaveURL(/\/order-success\?order_id=/);
    await waitForLanguage(page, 'lt');
    await expect(page.getByTestId('order-number')).toBeVisible();
    await expectPrintsCleanly(page);
    await expect(page.getByTestId('order-number')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('outside links show where they go on paper, in-page navigation does not', async ({ page }) => {
    await page.goto(PATHS.history);
    await waitForLanguage(page, 'lt');
    const outside = page.locator('main a[href^="http"]').first();
    const href = (await outside.getAttribute('href'))!;
    const after = () => outside.evaluate((link) => getComputedStyle(link, '::after').content);
    expect(await after()).toBe('none');
    await page.emulateMedia({ media: 'print' });
    expect(await after()).toBe(`" (${href})"`);

    await page.goto(PATHS.recipes);
    await waitForLanguage(page, 'lt');
    await page.emulateMedia({ media: 'print' });
    const jump = page.locator('main nav a').first();
    expect(await jump.evaluate((link) => getComputedStyle(link, '::after').content)).toBe('none');
  });
});
