import type { Page } from '@playwright/test';
import { axeViolations, expect, test, useEnglish, waitForLanguage, type Site } from './fixtures';

// Buying charcoal end to end with the built-in test payment provider, in both languages.

// Whole purchases with several accessibility scans: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const TEXT = {
  lt: {
    buy: 'Pirkti',
    dialogTitle: 'Medžio anglys 10 kg',
    increase: 'Padidinti kiekį',
    name: 'Vardas ir pavardė',
    email: 'El. paštas',
    phone: 'Telefonas',
    street: 'Gatvė, namo ir buto numeris',
    city: 'Miestas',
    postalCode: 'Pašto kodas',
    country: 'Šalis',
    pickup: 'Atsiimsiu pats',
    submit: 'Pereiti prie apmokėjimo',
    nameError: 'Vardas ir pavardė turi būti bent 2 simboliai',
    emailError: 'Neteisingas el. pašto formatas',
    streetError: 'Įveskite gatvę ir namo numerį',
    pay: 'Mokėti 59,97 £',
    total: '59,97 £',
    cancel: 'Atšaukti',
    paidTitle: 'Ačiū! Užsakymas patvirtintas',
    paidBadge: 'Apmokėta',
    confirmedBadge: 'Patvirtintas',
    cancelledTitle: 'Apmokėjimas atšauktas',
    pendingBadge: 'Laukiama apmokėjimo',
    historyLink: 'Mano užsakymai',
    subject: (number: string) => `[TEST] Užsakymas ${number} patvirtintas`,
    countryName: 'Lietuva',
    optional: '(neprivaloma)',
    privacyLink: 'privatumo pranešimas',
  },
  en: {
    buy: 'Buy',
    dialogTitle: 'Lumpwood charcoal 10 kg',
    increase: 'Increase quantity',
    name: 'Full name',
    email: 'E-mail',
    phone: 'Phone',
    street: 'Street address and house number',
    city: 'Town or city',
    postalCode: 'Postcode',
    country: 'Country',
    pickup: "I'll collect it",
    submit: 'Continue to payment',
    nameError: 'Name must be at least 2 characters',
    emailError: 'Invalid email address',
    streetError: 'Enter the street and house number',
    pay: 'Pay £59.97',
    total: '£59.97',
    cancel: 'Cancel',
    paidTitle: 'Thank you! Your order is confirmed',
    paidBadge: 'Paid',
    confirmedBadge: 'Confirmed',
    cancelledTitle: 'Payment cancelled',
    pendingBadge: 'Awaiting payment',
    historyLink: 'My orders',
    subject: (number: string) => `[TEST] Order ${number} confirmed`,
    countryName: 'Lithuania',
    optional: '(optional)',
    privacyLink: 'privacy notice',
  },
} as const;

async function openOrderDialog(page: Page, language: 'lt' | 'en') {
  const text = TEXT[language];
  await page.goto('/sponsor/reduk/anglys');
  await waitForLanguage(page, language);
  await page.getByRole('button', { name: text.buy }).click();
  const dialog = page.getByRole('dialog', { name: text.dialogTitle });
  await expect(dialog.getByRole('button', { name: text.submit })).toBeVisible();
  return dialog;
}

async function waitForMail(site: Site, subject: string) {
  await expect
    .poll(() => site.smtp.messages.some((m) => m.subject === subject), { timeout: 10_000 })
    .toBe(true);
  return site.smtp.messages.find((m) => m.subject === subject)!;
}

for (const language of ['lt', 'en'] as const) {
  const text = TEXT[language];

  test.describe(`shop (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language === 'en') await useEnglish(page);
    });

    test('buy charcoal: order, pay on the test page, see it confirmed, in history and by e-mail', async ({
      page,
      site,
      consoleErrors,
    }) => {
      const dialog = await openOrderDialog(page, language);
      expect(await axeViolations(page)).toEqual([]);
      // The forms' own words (the dialog opens on a page that did not load the forms' pack).
      await expect(dialog.getByText(text.optional).first()).toBeVisible();
      await expect(dialog.getByRole('link', { name: text.privacyLink })).toBeVisible();

      // Empty form: translated errors, nothing is sent.
      await dialog.getByRole('button', { name: text.submit }).click();
      await expect(dialog.getByText(text.nameError)).toBeVisible();
      await expect(dialog.getByText(text.emailError)).toBeVisible();
      await expect(dialog.getByText(text.streetError)).toBeVisible();
      await expect(page).toHaveURL(/\/sponsor\/reduk\/anglys$/);

      await dialog.getByRole('button', { name: text.increase }).click();
      await dialog.getByRole('button', { name: text.increase }).click();
      await expect(dialog.getByTestId('order-form-total')).toHaveText(text.total);
      await dialog.getByLabel(text.name).fill('Rūta Petrauskienė');
      const email = `ruta-${language}@example.lt`;
      await dialog.getByLabel(text.email).fill(email);
      await dialog.getByLabel(text.phone).fill('+44 7700 900456');
      await expect(dialog.getByLabel(text.country)).toHaveValue('LT');
      await expect(dialog.getByLabel(text.country).locator('option:checked')).toHaveText(text.countryName);
      await dialog.getByLabel(text.street).fill('Ežerų g. 5');
      await dialog.getByLabel(text.city).fill('Kaunas');
      await dialog.getByLabel(text.postalCode).fill('LT-44280');
      await dialog.getByRole('button', { name: text.submit }).click();

      // Same tab, to the TEST MODE checkout page.
      await expect(page).toHaveURL(/\/pay\/test\/test_[A-Za-z0-9_-]+$/);
      // In the page's language, worded as the receipt (issue 44).
      await expect(
        page.getByText(language === 'lt' ? 'BANDOMASIS REŽIMAS' : 'TEST MODE').first(),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: text.pay }).click();

      // Back in the order's language (decision 0049).
      await expect(page).toHaveURL(
        new RegExp(`/order-success\\?order_id=[A-Za-z0-9_-]{43}&lang=${language}$`),
      );
      await waitForLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.paidTitle);
      await expect(page.getByText(text.paidBadge, { exact: true })).toBeVisible();
      await expect(page.getByText(text.confirmedBadge, { exact: true })).toBeVisible();
      await expect(page.getByTestId('order-total')).toHaveText(text.total);
      const orderNumber = (await page.getByTestId('order-number').textContent())!;
      expect(orderNumber).toMatch(/^BBQ-\d{4}-\d{6}$/);
      for (const link of ['/', '/order-history', '/sponsor/reduk']) {
        await expect(page.locator(`main a[href="${link}"]`)).toBeVisible();
      }
      expect(await axeViolations(page)).toEqual([]);

      const row = await site.db
        .selectFrom('bbq_orders')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        payment_status: 'paid',
        order_status: 'confirmed',
        total_amount: 5997,
        language,
        customer_email: email,
        delivery_address: { street: 'Ežerų g. 5', city: 'Kaunas', postal_code: 'LT-44280', country: 'LT' },
      });

      const mail = await waitForMail(site, text.subject(orderNumber));
      expect(mail.to && JSON.stringify(mail.to)).toContain(email);
      expect(mail.text?.replace(/\u00a0/g, ' ')).toContain(text.total);
      expect(mail.text).toContain('Ežerų g. 5');
      // TEST MODE says so on the order page and in the e-mail (issue 19, finding 4).
      expect(mail.text).toMatch(/No money was taken|Pinigai nebuvo nuskaičiuoti/);
      await expect(page.getByTestId('test-payment').first()).toContainText('TEST');

      await page.getByRole('link', { name: text.historyLink }).last().click();
      await expect(page).toHaveURL(/\/order-history$/);
      const entry = page.getByRole('link', { name: new RegExp(orderNumber) });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText(text.total);
      await expect(entry).toContainText(text.paidBadge);
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    test('a cancelled payment leaves the order pending and the page says so', async ({
      page,
      site,
      consoleErrors,
    }) => {
      const dialog = await openOrderDialog(page, language);
      await dialog.getByLabel(text.name).fill('Tomas Tomaitis');
      await dialog.getByLabel(text.email).fill(`tomas-${language}@example.lt`);
      await dialog.getByText(text.pickup).click();
      await expect(dialog.getByLabel(text.street)).toHaveCount(0);
      await dialog.getByRole('button', { name: text.submit }).click();

      await expect(page).toHaveURL(/\/pay\/test\//);
      await page.getByRole('button', { name: text.cancel }).click();
      await expect(page).toHaveURL(/\/order-success\?order_id=/);
      await waitForLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.cancelledTitle);
      await expect(page.getByText(text.pendingBadge, { exact: true })).toBeVisible();
      const orderNumber = (await page.getByTestId('order-number').textContent())!;
      const row = await site.db
        .selectFrom('bbq_orders')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        payment_status: 'pending',
        order_status: 'pending',
        delivery_address: null,
      });
      expect(row.checkout_cancelled_at).not.toBeNull();
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('the order dialog opens from the keyboard, closes with Escape and gives focus back to Buy', async ({
  page,
}) => {
  await page.goto('/sponsor/reduk/anglys');
  await waitForLanguage(page, 'lt');
  const buy = page.getByRole('button', { name: TEXT.lt.buy });
  await buy.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: TEXT.lt.dialogTitle });
  await expect(dialog.getByRole('button', { name: TEXT.lt.submit })).toBeVisible();
  // While the modal is open the page behind it is hidden from the accessibility tree.
  await expect(buy).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(buy).toBeFocused();
  await expect(buy).toHaveAttribute('aria-expanded', 'false');
});

test('order success without an order id says so and goes home', async ({ page }) => {
  await page.goto('/order-success');
  // After hydration, and after the home page's code has loaded: slow on a loaded machine.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByText('Užsakymo ID nerastas')).toBeVisible();
});

test('an unknown order link shows "order not found"', async ({ page, consoleErrors }) => {
  await page.goto(`/order-success?order_id=${'x'.repeat(43)}`);
  await waitForLanguage(page, 'lt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Užsakymas nerastas');
  await expect(page.getByText('Patikrinkite užsakymo nuorodą')).toBeVisible();
  // The browser itself logs the API's 404; nothing else may appear.
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('an order that cannot be created shows the error toast and stays on the page', async ({ page }) => {
  // The dialog posts to the order page's route action (decision 0039); a proxy's 502 there.
  await page.route(/\/uzsakymas\/[^/?]+\.data/, (route) =>
    route.fulfill({ status: 502, body: '{"error":"payment_unavailable"}' }),
  );
  const dialog = await openOrderDialog(page, 'lt');
  await dialog.getByLabel(TEXT.lt.name).fill('Jonas Jonaitis');
  await dialog.getByLabel(TEXT.lt.email).fill('jonas@example.lt');
  await dialog.getByText(TEXT.lt.pickup).click();
  await dialog.getByRole('button', { name: TEXT.lt.submit }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('Klaida');
  await expect(toast).toContainText('Nepavyko sukurti užsakymo. Bandykite dar kartą.');
  await expect(page).toHaveURL(/\/sponsor\/reduk\/anglys$/);
});

test("the dialog posts once to the order page's action; the order is in this browser's list before it is paid", async ({
  page,
  site,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  const dialog = await openOrderDialog(page, 'lt');
  const email = 'double-click@example.lt';
  await dialog.getByLabel(TEXT.lt.name).fill('Dvigubas Spustelėjimas');
  await dialog.getByLabel(TEXT.lt.email).fill(email);
  await dialog.getByText(TEXT.lt.pickup).click();
  await dialog.getByRole('button', { name: TEXT.lt.submit }).dblclick();
  await expect(page).toHaveURL(/\/pay\/test\//);
  // One post, to the route action (the JSON API stays for programs: docs/API.md).
  expect(posts.filter((path) => path.startsWith('/uzsakymas/'))).toEqual([
    expect.stringMatching(/^\/uzsakymas\/[^/]+\.data$/),
  ]);
  expect(posts).not.toContain('/api/orders');
  const orders = await site.db
    .selectFrom('bbq_orders')
    .select('order_number')
    .where('customer_email', '=', email)
    .execute();
  expect(orders).toHaveLength(1);
  // Left on the payment page unpaid: this browser's order list already has it.
  await page.goto('/order-history');
  const entry = page.getByRole('link', { name: new RegExp(orders[0]!.order_number) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(TEXT.lt.pendingBadge);
});

test('an order the server refuses (product no longer sold) says so and keeps what was typed', async ({
  page,
  site,
}) => {
  const dialog = await openOrderDialog(page, 'lt');
  await dialog.getByLabel(TEXT.lt.name).fill('Jonas Jonaitis');
  await dialog.getByLabel(TEXT.lt.email).fill('refused@example.lt');
  await dialog.getByText(TEXT.lt.pickup).click();
  const product = site.db.updateTable('products').where('name_lt', '=', TEXT.lt.dialogTitle);
  await product.set({ active: false }).execute();
  try {
    await dialog.getByRole('button', { name: TEXT.lt.submit }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Nepavyko sukurti užsakymo. Bandykite dar kartą.');
    await expect(page).toHaveURL(/\/sponsor\/reduk\/anglys$/);
    await expect(dialog.getByLabel(TEXT.lt.name)).toHaveValue('Jonas Jonaitis');
    await expect(dialog.getByRole('button', { name: TEXT.lt.submit })).toBeEnabled();
  } finally {
    await product.set({ active: true }).execute();
  }
});

test('"E-mail me my orders" sends a link that lists the orders on another browser', async ({
  page,
  site,
  browser,
}) => {
  const email = 'history-e2e@example.lt';
  const dialog = await openOrderDialog(page, 'lt');
  await dialog.getByLabel(TEXT.lt.name).fill('Jonas Jonaitis');
  await dialog.getByLabel(TEXT.lt.email).fill(email);
  await dialog.getByText(TEXT.lt.pickup).click();
  await dialog.getByRole('button', { name: TEXT.lt.submit }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  const orderNumber = (await page.locator('.label').first().textContent())!.replace('Užsakymas ', '');

  // Another browser without this order in its storage.
  const context = await browser.newContext({ baseURL: site.url });
  const other = await context.newPage();
  await other.goto('/order-history');
  await waitForLanguage(other, 'lt');
  await expect(other.getByText('Šioje naršyklėje užsakymų dar nėra.')).toBeVisible();
  await other.getByLabel('El. paštas').fill(email);
  await other.getByRole('button', { name: 'Siųsti nuorodą' }).click();
  await expect(other.getByRole('status')).toContainText('Jei šiuo adresu yra užsakymų');

  const mail = await waitForMail(site, 'Jūsų užsakymai');
  const link = /\/order-history\?link=[A-Za-z0-9_.-]+/.exec(mail.text ?? '')![0];
  await other.goto(link);
  await waitForLanguage(other, 'lt');
  await expect(other.getByRole('heading', { name: `Užsakymai adresu ${email}` })).toBeVisible();
  await expect(other.getByRole('link', { name: new RegExp(orderNumber) })).toBeVisible();
  expect(await axeViolations(other)).toEqual([]);
  await context.close();
});
