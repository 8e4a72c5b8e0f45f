import type { Page } from '@playwright/test';
import { axeViolations, expect, test, waitForLanguage } from './fixtures';

// The order success page without an order id raises the spec's toast and goes home; the
// toast region (sonner) lives in the shared chrome, so the toast is seen on the home page.
async function raiseToast(page: Page) {
  await page.goto('/order-success');
  await waitForLanguage(page, 'lt');
  await expect(page).toHaveURL(/\/$/);
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Užsakymo ID nerastas');
  return toast;
}

test.describe('toasts', () => {
  test('appear bottom-right; Alt+T focuses them; Escape dismisses', async ({ page }) => {
    const toast = await raiseToast(page);
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    const box = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width / 2);
    expect(box!.y).toBeGreaterThan(viewport.height / 2);

    await page.keyboard.press('Alt+KeyT');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-sonner-toaster]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
  });

  test('an error toast is readable: no axe violations (its text contrast was 4.3:1)', async ({ page }) => {
    await page.goto('/order-success');
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await toast.hover(); // held while axe looks
    await expect(toast).toContainText('Užsakymo ID nerastas');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the close button dismisses; otherwise they leave by themselves after 4 s', async ({ page }) => {
    // Held under the pointer as soon as it shows: on a loaded machine the checks in
    // raiseToast can take longer than the toast's 4 s.
    await page.goto('/order-success');
    let toast = page.locator('[data-sonner-toast]');
    await toast.hover();
    await expect(toast).toContainText('Užsakymo ID nerastas');
    await page.getByRole('button', { name: 'Uždaryti' }).click();
    await expect(toast).toHaveCount(0);

    toast = await raiseToast(page);
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 8_000 });
  });
});
