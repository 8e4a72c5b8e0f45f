import type { Page } from '@playwright/test';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { VALID_ORDER } from '@tests/helpers/orders';
import { expect, signInToAdmin, test } from './fixtures';

// Stored user text is shown in the admin area as text, never run as markup. The payloads go
// in through the real public API (as an attacker would send them), and Chromium then opens
// every admin list and the e-mail view where they show.
const ALERT = '<img src=x onerror=alert(1)>';
const FLAG = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const BREAKOUT = '"><svg onload="window.__xss=3"></svg>';
const PASSWORD = 'Saugumo-testas-2026!';

test.describe('stored user text in the admin area', () => {
  test('is shown literally and runs no script', async ({ page, site, request, consoleErrors }) => {
    test.setTimeout(90_000); // a scrypt hash and many views on a shared machine
    const post = async (url: string, data: object) => {
      const response = await request.post(`${site.url}${url}`, { data });
      expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    };
    await post(validRequests.contact.url, {
      ...validRequests.contact.body,
      name: ALERT,
      message: `${FLAG} ${BREAKOUT}`,
    });
    await post(validRequests.registration.url, {
      ...validRequests.registration.body,
      firstName: ALERT,
      lastName: BREAKOUT,
      notes: FLAG,
    });
    await post(validRequests.sponsor.url, {
      ...validRequests.sponsor.body,
      companyName: ALERT,
      contactPerson: BREAKOUT,
      message: FLAG,
    });
    await post('/api/orders', { ...VALID_ORDER, customer_name: FLAG, notes: `${ALERT} ${BREAKOUT}` });
    await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'saugumas@example.com' });

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInToAdmin(page, 'saugumas@example.com', PASSWORD);

    const views: Array<[tab: string, texts: string[]]> = [
      ['Užsakymai', [FLAG]],
      ['Žinutės', [ALERT, `${FLAG} ${BREAKOUT}`]],
      ['Registracijos', [ALERT, BREAKOUT, FLAG]],
      ['Rėmėjai', [ALERT, BREAKOUT, FLAG]],
      ['El. laiškai', [ALERT]],
    ];
    for (const [tab, texts] of views) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      const panel = page.getByRole('tabpanel');
      for (const text of texts) await expect(panel.getByText(text).first(), `${tab}: ${text}`).toBeVisible();
      await expectNoInjectedMarkup(page, tab);
    }

    // An e-mail carrying the contact message, in its text and HTML views.
    await page.getByRole('tab', { name: /^El. laiškai/ }).click();
    await page
      .getByRole('button', { name: new RegExp(`^Skaityti laišką: .*${escapeRegExp(ALERT)}`) })
      .first()
      .click();
    const mail = page.getByRole('dialog');
    await expect(mail.getByText(FLAG, { exact: false }).first()).toBeVisible();
    await mail.getByRole('tab', { name: 'Kaip atrodo' }).click();
    await expect(mail.locator('iframe')).toHaveAttribute('sandbox', '');
    const frame = page.frameLocator('iframe[title="Laiško peržiūra"]');
    await expect(frame.getByText(FLAG, { exact: false }).first()).toBeVisible();
    await expect(frame.locator('img[src="x"], script, svg')).toHaveCount(0);
    await expectNoInjectedMarkup(page, 'e-mail dialog');

    expect(dialogs).toEqual([]);
    // Chromium reports Playwright's own selector script, run inside the sandboxed preview to
    // find the texts above, as blocked; the e-mail itself has no script (checked above).
    const playwrightInFrame = /^Blocked script execution in 'about:srcdoc'/;
    expect(consoleErrors.filter((error) => !playwrightInFrame.test(error))).toEqual([]);
  });
});

/** No element from the payloads made it into the page, and none of their scripts ran. */
async function expectNoInjectedMarkup(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    flag: (window as { __xss?: unknown }).__xss ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
  }));
  expect(found, where).toEqual({ flag: null, images: 0, handlers: 0 });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The browser reports every script our CSP refuses, even one a library tried and caught
// (zod probes for eval with `new Function`): Lighthouse counts those reports against best
// practices. The form pages load zod; the admin area too.
for (const path of ['/kontaktai', '/registracija?lang=en', '/tapti-remeju', '/admin/login']) {
  test(`${path}: the content security policy refuses nothing`, async ({ page }) => {
    await page.addInitScript(() => {
      const refused: string[] = ((window as unknown as { refused: string[] }).refused = []);
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    await page.goto(path);
    // Hydrated, and the form's schemas loaded and used: a field checked on leaving it.
    const field = page.getByRole('textbox').first();
    await field.click();
    await field.fill('x');
    await field.blur();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  });
}
