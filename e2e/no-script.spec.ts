import faq from '@content/initial/page.faq.json' with { type: 'json' };
import { expect, test } from './fixtures';

// Issue 18 (2): with JavaScript off (or not loaded on a weak signal) every form still posts
// to our server, never puts what was typed in the address, and is stored; errors come back
// translated with the values kept; Buy leads to a plain order page (decision 0030).

test.use({ javaScriptEnabled: false });

const noPersonalDataIn = (url: string) => expect(url).not.toMatch(/[?&](email|firstName|name|customer_)/);

test('registration: errors in Lithuanian with what was typed, then stored and on to the success page', async ({
  page,
  site,
}) => {
  await page.goto('/registracija');
  await page.locator('[name=firstName]').fill('Rūta');
  await page.locator('[name=email]').fill('not-an-address');
  await page.getByRole('button', { name: 'Registruotis' }).click();

  await expect(page.getByRole('alert').first()).toHaveText(
    'Patikrinkite pažymėtus laukus ir bandykite dar kartą.',
  );
  await expect(page.locator('[name=firstName]')).toHaveValue('Rūta');
  await expect(page.locator('[name=email]')).toHaveValue('not-an-address');
  await expect(page.locator('[name=email]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Neteisingas el. pašto formatas')).toBeVisible();
  noPersonalDataIn(page.url());

  const email = `nojs.${Date.now()}@example.com`;
  await page.locator('[name=lastName]').fill('Žemaitytė');
  await page.locator('[name=email]').fill(email);
  await page.locator('[name=phone]').fill('+44 7700 900456');
  await page.locator('[name=participationType][value=music]').check();
  await page.locator('[name=camping][value=tent]').check();
  await page.locator('[name=adults]').fill('2');
  await page.locator('[name=agreedToRules]').check();
  await page.locator('[name=dataConsent]').check();
  await page.getByRole('button', { name: 'Registruotis' }).click();

  // The browser keeps the form's #forma on the redirect.
  await expect(page).toHaveURL(/\/registracija-sekminga(#forma)?$/);
  const row = await site.db
    .selectFrom('registrations')
    .select(['first_name', 'adults', 'camping', 'participation_types', 'language'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ first_name: 'Rūta', adults: 2, camping: 'tent', language: 'lt' });
  expect(row.participation_types).toEqual(['music']);
});

test('contact in English: the success notice, stored in English', async ({ page, site }) => {
  await page.goto('/kontaktai?lang=en');
  const email = `nojs.contact.${Date.now()}@example.com`;
  await page.locator('[name=name]').fill('Jonas Petraitis');
  await page.locator('[name=email]').fill(email);
  await page.locator('[name=subject]').selectOption('volunteers');
  await page.locator('[name=message]').fill('I would like to help put up the tents.');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Message sent!' })).toBeVisible();
  noPersonalDataIn(page.url());
  const row = await site.db
    .selectFrom('contacts')
    .select(['name', 'category', 'language'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ name: 'Jonas Petraitis', category: 'volunteers', language: 'en' });
});

test('sponsor application: stored, with its several kinds of support', async ({ page, site }) => {
  await page.goto('/tapti-remeju');
  const email = `nojs.sponsor.${Date.now()}@example.com`;
  await page.locator('[name=companyName]').fill('Grill & Co Ltd');
  await page.locator('[name=contactPerson]').fill('Emma Jones');
  await page.locator('[name=email]').fill(email);
  await page.locator('[name=sponsorshipLevel][value=gold]').check();
  await page.locator('[name=sponsorshipTypes][value=logo]').check();
  await page.locator('[name=sponsorshipTypes][value=prizes]').check();
  await page.locator('[name=budgetRange][value="1000-2500"]').check();
  await page.getByRole('button', { name: 'Siųsti paraišką' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Paraiška išsiųsta' })).toBeVisible();
  const row = await site.db
    .selectFrom('sponsor_applications')
    .select(['company_name', 'sponsorship_types'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ company_name: 'Grill & Co Ltd', sponsorship_types: ['logo', 'prizes'] });
});

test('Buy leads to the order page; the order is stored and goes on to the payment page', async ({
  page,
  site,
}) => {
  await page.goto('/sponsor/reduk/anglys');
  await page
    .getByRole('button', { name: /Pirkti/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/uzsakymas\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The running total needs scripts: the page says where the total is shown instead.
  await expect(page.getByText('Visa suma parodoma mokėjimo puslapyje')).toBeVisible();

  await page.getByRole('button', { name: 'Pereiti prie apmokėjimo' }).click();
  await expect(page.getByText('Patikrinkite pažymėtus laukus ir bandykite dar kartą.')).toBeVisible();

  const email = `nojs.order.${Date.now()}@example.com`;
  await page.locator('[name=quantity]').fill('3');
  await page.locator('[name=customer_name]').fill('Rūta Petrauskienė');
  await page.locator('[name=customer_email]').fill(email);
  await page.locator('[name="delivery_address.street"]').fill('Ežerų g. 5');
  await page.locator('[name="delivery_address.city"]').fill('Kaunas');
  await page.locator('[name="delivery_address.postal_code"]').fill('LT-44280');
  await page.getByRole('button', { name: 'Pereiti prie apmokėjimo' }).click();

  await expect(page).toHaveURL(/\/pay\/test\//);
  noPersonalDataIn(page.url());
  const order = await site.db
    .selectFrom('bbq_orders')
    .innerJoin('bbq_order_items', 'bbq_order_items.order_id', 'bbq_orders.id')
    .select(['customer_name', 'quantity', 'payment_status', 'delivery_method'])
    .where('customer_email', '=', email)
    .executeTakeFirstOrThrow();
  expect(order).toEqual({
    customer_name: 'Rūta Petrauskienė',
    quantity: 3,
    payment_status: 'pending',
    delivery_method: 'delivery',
  });

  // Paid on the test page: the order page, drawn by the server for its token (issue 34),
  // says so with the order's number and items, no script needed.
  await page.getByRole('button', { name: /Mokėti/ }).click();
  await expect(page).toHaveURL(/\/order-success\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Ačiū! Užsakymas patvirtintas' })).toBeVisible();
  const { order_number } = await site.db
    .selectFrom('bbq_orders')
    .select('order_number')
    .where('customer_email', '=', email)
    .executeTakeFirstOrThrow();
  await expect(page.getByTestId('order-number')).toHaveText(order_number);
  await expect(page.getByRole('cell', { name: /anglys 10 kg/ }).first()).toBeVisible();
  await expect(page.getByText('Užsakymo būsenai šiame puslapyje parodyti reikia JavaScript')).toHaveCount(0);

  // A token that opens nothing: the page says so, in the page's language, with a 404.
  const wrong = await page.goto('/order-success?order_id=' + 'A'.repeat(43) + '&lang=en');
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
});

test('a year’s photos open in the page; the language switcher still switches', async ({ page }) => {
  await page.goto('/istorija');
  // Issue 44: the gallery's opener shows the year's photos in the page, each a link to itself.
  const year = page.locator('main details').first();
  await year.locator('summary').click();
  await expect(year.getByRole('link').first()).toBeVisible();
  await expect(year.getByRole('link').first()).toHaveAttribute('href', /\.(webp|avif|jpe?g)|\/media\//);
  await page
    .getByRole('group', { name: 'Kalba' })
    .first()
    .getByRole('link', { name: 'EN', exact: true })
    .click();
  await expect(page).toHaveURL(/\/istorija\?lang=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

// Issue 31 (4): the answers are in the page itself, for crawlers and a page whose scripts have
// not arrived, and each opens on its own (<details>).
/** A text may name an event fact ({{year}}): its words up to the first one. */
const wordsBeforeFacts = (text: string) => text.split('{{')[0]!.trim();
for (const language of ['lt', 'en'] as const) {
  test(`every FAQ answer is in the page and opens (${language})`, async ({ page }) => {
    await page.goto(`/duk?lang=${language}`);
    const questions = page.locator('main summary');
    await expect(questions).toHaveCount(faq.items.length);
    for (const [index, { question, answer }] of faq.items.entries()) {
      const item = page.locator('main details').nth(index);
      await expect(item.locator('summary')).toContainText(wordsBeforeFacts(question[language]));
      const shown = item.locator('p');
      await expect(shown).toContainText(wordsBeforeFacts(answer[language]));
      await expect(shown).toBeHidden();
      await item.locator('summary').click();
      await expect(shown).toBeVisible();
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button leads to the same links in the footer', async ({ page }) => {
    await page.goto('/duk');
    await page.getByRole('button', { name: 'Atidaryti meniu' }).click();
    await expect(page).toHaveURL(/\/duk#nuorodos$/);
    const links = page.locator('#nuorodos');
    await expect(links).toBeInViewport();
    await links.getByRole('link', { name: 'Kontaktai' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontaktai');
  });
});

// Issue 44 (1), decision 0049: with scripts off, English chosen by the address stays English
// through every link (the server keeps it in the language cookie), a whole purchase and its e-mail.
test('English chosen by the address stays through every footer link', async ({ page }) => {
  const html = page.locator('html');
  await page.goto('/?lang=en');
  await expect(html).toHaveAttribute('lang', 'en');
  const footerLinks = await page
    .locator('footer a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
  expect(footerLinks.length).toBeGreaterThan(8);
  for (const href of footerLinks) {
    await page.locator(`footer a[href="${href}"]`).first().click();
    await expect(html, href).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}(#.*)?$`));
  }
});

test('English chosen by the address stays: a partner page, Buy, checkout, thank-you, the e-mail', async ({
  page,
  site,
}) => {
  const html = page.locator('html');
  await page.goto('/?lang=en');
  await expect(html).toHaveAttribute('lang', 'en');
  await page.locator('footer a[href="/sponsor/reduk"]').first().click();
  await expect(html).toHaveAttribute('lang', 'en');
  await page.locator('a[href="/sponsor/reduk/anglys"]').first().click();
  await expect(html).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: /Buy/ }).first().click();
  await expect(page).toHaveURL(/\/uzsakymas\/[\w-]+$/);
  await expect(html).toHaveAttribute('lang', 'en');

  const email = `nojs.english.${Date.now()}@example.com`;
  await page.locator('[name=quantity]').fill('1');
  await page.locator('[name=customer_name]').fill('Emma Jones');
  await page.locator('[name=customer_email]').fill(email);
  await page.locator('[name="delivery_address.street"]').fill('1 High Street');
  await page.locator('[name="delivery_address.city"]').fill('Cardiff');
  await page.locator('[name="delivery_address.postal_code"]').fill('CF10 1AA');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await expect(html).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-success\?order_id=/);
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');

  await expect
    .poll(() => site.smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)).length, {
      timeout: 10_000,
    })
    .toBe(1);
  const mail = site.smtp.messages.find((m) => JSON.stringify(m.to).includes(email))!;
  expect(mail.subject).toMatch(/Order .* confirmed/);
  expect(mail.text).toMatch(/\/order-success\?order_id=[\w-]+&lang=en/);
  expect(mail.text).not.toContain('Užsakymas');
});
