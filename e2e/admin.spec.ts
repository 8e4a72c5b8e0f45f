import { readFileSync } from 'node:fs';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, insertContact, insertOrder, insertRegistration } from '@tests/helpers/admin';
import {
  axeViolations,
  expect,
  signInToAdmin,
  siteFixture,
  test as base,
  useEnglish,
  waitForLanguage,
} from './fixtures';

const SETUP_TOKEN = 'e2e-setup-token-5f2c9a7d1b3e4f60';
const PASSWORD = 'Ežero-vakaras-2026!';

// This spec's server knows the setup token (the real one prints a random token to its log).
const test = base.extend({ site: siteFixture({ ADMIN_SETUP_TOKEN: SETUP_TOKEN }) });

// The steps build on each other (first the setup, then sign-in…), so they run in order.
test.describe.configure({ mode: 'serial' });

test.describe('admin area', () => {
  test('without a session /admin goes to the sign-in page', async ({ page, consoleErrors }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administratoriaus prisijungimas');
    expect(consoleErrors).toEqual([]);
  });

  test('setup with the token → sign-in → manage an order and a message → CSV → sign-out', async ({
    page,
    site,
    consoleErrors,
  }) => {
    test.setTimeout(90_000); // two scrypt hashes and many steps on a shared machine
    const order = await insertOrder(site.db, { customer_name: 'Vytautas Šimkus' });
    // Ordered on the English pages: the Lithuanian admin still sees the Lithuanian name.
    await site.db
      .updateTable('bbq_order_items')
      .set({ product_name: 'Lumpwood charcoal 10 kg' })
      .where('order_id', '=', order.id)
      .execute();
    await insertRegistration(site.db, { first_name: 'Gintarė', camping: 'tent', adults: 2, children: 1 });
    await insertContact(site.db, { name: 'Ona Žukauskienė', message: 'Ar galima atvykti su šunimi?' });

    // First-run setup: the token from the server log, a password the admin chooses.
    await page.goto('/admin/setup');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administratoriaus sukūrimas');
    await expect(page.getByLabel('Sąrankos raktas')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Sąrankos raktas').fill(SETUP_TOKEN);
    await page.getByLabel('Vardas').fill('Rūta');
    await page.getByLabel('El. paštas').fill('ruta@example.com');
    await page.getByLabel('Slaptažodis', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Pakartokite slaptažodį').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sukurti administratorių' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Administratorius sukurtas. Dabar prisijunkite.')).toBeVisible();
    expect(await site.db.selectFrom('admin_users').select('email').execute()).toEqual([
      { email: 'ruta@example.com' },
    ]);

    // Sign in.
    await page.getByLabel('El. paštas').fill('ruta@example.com');
    await page.getByLabel('Slaptažodis', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Prisijungti' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Sveiki, Rūta!')).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'bbq_admin')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // The order, moved along to shipped with its buttons.
    const card = page.getByRole('article').filter({ hasText: order.order_number });
    await expect(card).toContainText('Vytautas Šimkus');
    await expect(card).toContainText('2 × Medžio anglys 10 kg');
    await expect(card).toContainText('1 Lake Rd, Cardiff, CF10 1AA, Jungtinė Karalystė');
    await expect(card.getByRole('button', { name: 'Išsiųsti' })).toHaveCount(0); // not from pending
    for (const [button, status] of [
      ['Patvirtinti', 'Patvirtintas'],
      ['Ruošti', 'Ruošiamas'],
      ['Išsiųsti', 'Išsiųstas'],
    ] as const) {
      await card.getByRole('button', { name: button, exact: true }).click();
      await expect(card.getByText(status, { exact: true })).toBeVisible();
    }
    await expect(card.getByRole('button', { name: 'Pristatyta' })).toBeVisible();
    const stored = await site.db
      .selectFrom('bbq_orders')
      .select('order_status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.order_status).toBe('shipped');

    // The registration is there, with its headcount.
    await page.getByRole('tab', { name: 'Registracijos' }).click();
    await expect(page.getByRole('article').filter({ hasText: 'Gintarė Žemaitytė' })).toContainText(
      'Palapinėje',
    );

    // A message, marked resolved.
    await page.getByRole('tab', { name: /Žinutės/ }).click();
    const message = page.getByRole('article').filter({ hasText: 'Ona Žukauskienė' });
    await message.getByRole('button', { name: 'Pažymėti išspręsta' }).click();
    await expect(message.getByText('Išspręsta', { exact: true })).toBeVisible();
    await expect(message.getByRole('button', { name: 'Pažymėti išspręsta' })).toHaveCount(0);
    expect(
      (
        await site.db
          .selectFrom('contacts')
          .select('status')
          .where('name', '=', 'Ona Žukauskienė')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('resolved');

    // CSV of the messages: a real download, UTF-8 with BOM, Lithuanian letters intact.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Atsisiųsti CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^kontaktai-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Ona Žukauskienė');

    // Every change is in the activity log.
    await page.getByRole('tab', { name: 'Veiksmų žurnalas' }).click();
    await expect(page.getByRole('heading', { name: 'Užsakymas išsiųstas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Žinutė pažymėta kaip išspręsta' })).toBeVisible();

    // Sign out: the session is gone and /admin sends to the sign-in page again.
    await page.getByRole('button', { name: 'Atsijungti' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await site.db.selectFrom('sessions').select('id_hash').execute()).toEqual([]);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(consoleErrors).toEqual([]);
  });

  test('after setup the setup page only says it is done', async ({ page, consoleErrors }) => {
    await page.goto('/admin/setup');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sąranka baigta');
    await expect(page.getByLabel('Sąrankos raktas')).toHaveCount(0);
    await page.getByRole('link', { name: 'Eiti į prisijungimą' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(consoleErrors).toEqual([]);
  });

  test('wrong credentials show the sign-in error toast', async ({ page, consoleErrors }) => {
    await page.goto('/admin/login');
    await waitForLanguage(page, 'lt');
    await page.getByRole('button', { name: 'Prisijungti' }).click();
    await expect(page.getByText('Įveskite el. pašto adresą')).toBeVisible(); // both fields required
    await page.getByLabel('El. paštas').fill('ruta@example.com');
    await page.getByLabel('Slaptažodis', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Prisijungti' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Prisijungimo klaida');
    await expect(toast).toContainText('Neteisingi prisijungimo duomenys');
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The browser reports the refused request (401) itself; nothing else may fail.
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  // Issue 28, finding 7: the right password of a deactivated admin is told apart from a wrong
  // one by nothing, so the page cannot say more than "incorrect sign-in details".
  test('an inactive admin is refused like a wrong password', async ({ page, site }) => {
    test.setTimeout(60_000);
    await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'former@example.com', active: false });
    await page.goto('/admin/login');
    await waitForLanguage(page, 'lt');
    await page.getByLabel('El. paštas').fill('former@example.com');
    await page.getByLabel('Slaptažodis', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Prisijungti' }).click();
    await expect(page.getByRole('alert')).toHaveText('Neteisingi prisijungimo duomenys');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  for (const english of [false, true]) {
    const language = english ? 'en' : 'lt';
    test(`the admin pages are accessible and fit a phone (${language})`, async ({ page }) => {
      test.setTimeout(120_000); // many axe scans on a shared machine
      await page.setViewportSize({ width: 375, height: 800 });
      if (english) await useEnglish(page);
      for (const path of ['/admin/login', '/admin/setup']) {
        await page.goto(path);
        await waitForLanguage(page, language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        expect(await axeViolations(page), `${path} ${language}`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
      }
      await page.goto('/admin/login');
      await waitForLanguage(page, language);
      await page.getByLabel(english ? 'E-mail' : 'El. paštas').fill('ruta@example.com');
      await page.getByLabel(english ? 'Password' : 'Slaptažodis', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: english ? 'Sign in' : 'Prisijungti' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        english ? 'Admin dashboard' : 'Administravimas',
      );
      await expect(page.getByRole('article').first()).toBeVisible();
      // Every section of the admin menu in sight on a phone (it used to scroll sideways,
      // the last ones hidden past the edge).
      const menu = page.getByRole('navigation', { name: english ? 'Admin menu' : 'Administravimo meniu' });
      const edges = await menu
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
      expect(edges.length).toBeGreaterThanOrEqual(6);
      for (const right of edges) expect(right).toBeLessThanOrEqual(375);
      for (const tab of english
        ? ['Orders', 'Messages', 'Memberships', 'Registrations', 'Sponsors', 'E-mails', 'Activity log']
        : [
            'Užsakymai',
            'Žinutės',
            'Narystės',
            'Registracijos',
            'Rėmėjai',
            'El. laiškai',
            'Veiksmų žurnalas',
          ]) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        // The tab's list is dimmed (aria-busy) while its loader runs: scanned once it has its rows.
        await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await axeViolations(page), `${tab}`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
      }
      // The food counts (issue 47): reached from the menu, rendered by its loader.
      await menu.getByRole('link', { name: english ? 'Food' : 'Maistas' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(english ? 'Food' : 'Maistas');
      await expect(page.getByTestId('food-counts')).toBeVisible();
      expect(await axeViolations(page), 'food').toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: english ? 'Sign out' : 'Atsijungti' }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
    });
  }

  test('memberships can be created and edited; e-mails can be read safely', async ({ page, site }) => {
    test.setTimeout(60_000);
    await site.db
      .insertInto('mail_outbox')
      .values({
        template: 'registration.confirmation',
        to_address: 'gintare@example.com',
        subject: 'Jūsų registracija',
        html_body: '<p>Ačiū, <b>Gintare</b>!</p><script>document.title="pwned"</script>',
        text_body: 'Ačiū, Gintare!\nIki pasimatymo prie ežero.',
      })
      .execute();
    await signInToAdmin(page, 'ruta@example.com', PASSWORD);

    await page.getByRole('tab', { name: 'Narystės' }).click();
    await page.getByRole('button', { name: 'Nauja narystė' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nauja narystė' });
    await dialog.getByLabel('Bendruomenė').fill('Kardifo lietuvių bendruomenė');
    await dialog.getByLabel('Narystės tipas').fill('Metinė');
    await dialog.getByLabel('Suma, £').fill('abc');
    await dialog.getByRole('button', { name: 'Išsaugoti' }).click();
    await expect(dialog.getByText('Įveskite sumą svarais, pvz., 25 arba 12.50')).toBeVisible();
    await dialog.getByLabel('Suma, £').fill('25.50');
    await dialog.getByRole('button', { name: 'Išsaugoti' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article').filter({ hasText: 'Kardifo lietuvių bendruomenė' });
    await expect(card).toContainText('25,50 £');
    await card.getByRole('button', { name: /Redaguoti/ }).click();
    const edit = page.getByRole('dialog', { name: 'Redaguoti narystę' });
    await expect(edit.getByLabel('Suma, £')).toHaveValue('25.50');
    await edit.getByLabel('Būsena').selectOption('paid');
    await edit.getByRole('button', { name: 'Išsaugoti' }).click();
    await expect(card.getByText('Apmokėta', { exact: true })).toBeVisible();
    const membership = await site.db
      .selectFrom('community_memberships')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ payment_amount: 2550, status: 'paid' });

    await page.getByRole('tab', { name: 'El. laiškai' }).click();
    await page.getByRole('button', { name: 'Skaityti laišką: Jūsų registracija' }).click();
    const mail = page.getByRole('dialog', { name: 'Jūsų registracija' });
    await expect(mail.getByText('Iki pasimatymo prie ežero.')).toBeVisible();
    await mail.getByRole('tab', { name: 'Kaip atrodo' }).click();
    const frame = mail.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title="Laiško peržiūra"]').getByText('Gintare')).toBeVisible();
    expect(await page.title()).not.toBe('pwned');
  });
  test('an order confirmation e-mail can be sent again', async ({ page, site }) => {
    test.setTimeout(60_000);
    const order = await insertOrder(site.db, {
      customer_name: 'Rasa Butkienė',
      customer_email: 'rasa@example.com',
      payment_status: 'paid',
      order_status: 'confirmed',
      paid_at: new Date(),
    });
    await signInToAdmin(page, 'ruta@example.com', PASSWORD);
    const card = page.getByRole('article').filter({ hasText: order.order_number });
    await card.getByRole('button', { name: 'Siųsti patvirtinimą dar kartą' }).click();
    await expect(
      page.getByText(`Užsakymo ${order.order_number} patvirtinimas vėl įtrauktas į siuntimo eilę`),
    ).toBeVisible();
    await expect
      .poll(() => site.smtp.messages.filter((m) => m.text?.includes(order.order_number)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = site.smtp.messages.find((m) => m.text?.includes(order.order_number))!;
    expect(JSON.stringify(mail.to)).toContain('rasa@example.com');
  });
});
