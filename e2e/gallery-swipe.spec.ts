import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForLanguage } from './fixtures';

// Swiping through the photo viewer on a touch screen: real touch input in Chromium (CDP),
// which the browser turns into the pointer events the viewer listens to.

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

/** A finger moving across `target`'s middle by `dx`, `dy` pixels in a few steps. */
async function swipe(page: Page, target: Locator, dx: number, dy = 0) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py, id: 1 }],
    });
  await touch('touchStart', x, y);
  const steps = 6;
  for (let i = 1; i <= steps; i++) await touch('touchMove', x + (dx * i) / steps, y + (dy * i) / steps);
  await touch('touchEnd', x + dx, y + dy);
  await cdp.detach();
}

test('swiping left and right changes the photo; buttons and keys still do', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await waitForLanguage(page, 'lt');
  await page.locator('summary', { hasText: /Nuotraukų galerija/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'BBQ savaitgalio akimirkos' });
  await expect(dialog).toBeVisible();
  const counter = dialog.getByTestId('gallery-counter');
  const photo = (n: number) => dialog.getByRole('img', { name: `Renginio nuotrauka ${n}` });
  await expect(counter).toHaveText('1 / 7');

  // Finger to the left: the next photo; to the right: back, and on past the first to the last.
  await swipe(page, photo(1), -200);
  await expect(counter).toHaveText('2 / 7');
  await expect(photo(2)).toBeVisible();
  await swipe(page, photo(2), 200);
  await expect(counter).toHaveText('1 / 7');
  await swipe(page, photo(1), 200);
  await expect(counter).toHaveText('7 / 7');
  await expect(photo(7)).toBeVisible();

  // Too short, or mostly up and down: no change.
  await swipe(page, photo(7), -20);
  await swipe(page, photo(7), -60, 160);
  await expect(counter).toHaveText('7 / 7');

  // The buttons and arrow keys are as they were.
  await dialog.getByRole('button', { name: 'Kita nuotrauka' }).tap();
  await expect(counter).toHaveText('1 / 7');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('7 / 7');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 / 7');
  expect(consoleErrors).toEqual([]);
});

test('a mouse drag does not change the photo', async ({ page }) => {
  await page.goto('/');
  await waitForLanguage(page, 'lt');
  await page.locator('summary', { hasText: /Nuotraukų galerija/ }).click();
  const dialog = page.getByRole('dialog', { name: 'BBQ savaitgalio akimirkos' });
  const counter = dialog.getByTestId('gallery-counter');
  await expect(counter).toHaveText('1 / 7');
  const box = (await dialog.getByRole('img', { name: 'Renginio nuotrauka 1' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(counter).toHaveText('1 / 7');
});
