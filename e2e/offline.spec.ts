import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { PATHS } from '~/platform/paths';
import { expect, type Site, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 33, the site offline (decision 0042): after one online visit the pages a participant
// needs at the campsite open without a connection, in the visitor's language, with a notice
// of when they were saved; other pages give a translated offline page; the admin area and the
// shop never come from the cache; a form posted offline says it was not sent; a publish reaches
// the next online visit; saved pages and the build files they name are kept together.

// Publishes a changed page: a site of its own, seen by no other spec.
const test = base.extend({ site: siteFixture() });
// These specs test the service workers (playwright.config.ts blocks them elsewhere).
test.use({ serviceWorkers: 'allow' });

type Pack = Record<string, string> & { pages: Record<string, string> };
const packs = {
  lt: JSON.parse(readFileSync('src/platform/i18n/locales/lt/offline.json', 'utf8')) as Pack,
  en: JSON.parse(readFileSync('src/platform/i18n/locales/en/offline.json', 'utf8')) as Pack,
};
const forms = JSON.parse(readFileSync('src/platform/i18n/locales/lt/forms.json', 'utf8')) as {
  fallback: { notSent: string };
};
const contact = JSON.parse(readFileSync('src/platform/i18n/locales/lt/contactForm.json', 'utf8')) as {
  form: { label: string; submit: string } & Record<
    'name' | 'email' | 'subject' | 'message',
    { label: string }
  >;
};

const SAVED = [
  PATHS.home,
  PATHS.about,
  PATHS.safety,
  PATHS.faq,
  PATHS.contacts,
  PATHS.registration,
  PATHS.recipes,
];
const PHONE = { width: 375, height: 740 };
const WIDTHS = [320, 375, 1280];

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE.height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize(PHONE);
}

/** The saved copies the worker holds, as `path?lang=xx`, with the cache each one is in. */
function savedCopies(page: Page) {
  return page.evaluate(async () => {
    const found: Record<string, string> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith('site-v1-build-')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (!url.pathname.startsWith('/assets/')) found[url.pathname + url.search] = name;
      }
    }
    return found;
  });
}

/** One online visit, then waits until the worker has saved the participant's pages. */
async function visitOnline(browser: Browser, site: Site, path: string, language: 'lt' | 'en') {
  const context = await browser.newContext({ baseURL: site.url, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(path);
  await waitForLanguage(page, language);
  await expect
    .poll(
      async () =>
        Object.keys(await savedCopies(page)).filter((key) => key.endsWith(`lang=${language}`)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(SAVED.length);
  return { context, page };
}

for (const language of ['lt', 'en'] as const) {
  test(`${language}: after one online visit the participant's pages open offline with a saved-copy notice`, async ({
    browser,
    site,
  }) => {
    test.setTimeout(90_000);
    const t = packs[language];
    // English chosen the way a visitor does (?lang=, which the page then keeps in its cookie);
    // offline the addresses carry no language: the worker reads the visitor's choice.
    const { context, page } = await visitOnline(
      browser,
      site,
      language === 'en' ? '/?lang=en' : '/',
      language,
    );
    const titles: Record<string, string> = {};
    for (const path of SAVED) {
      await page.goto(path);
      titles[path] = (await page.locator('h1').first().textContent()) ?? '';
    }

    await context.setOffline(true);
    for (const path of SAVED) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.locator('h1').first()).toHaveText(titles[path]!);
      const notice = page.locator('[data-saved-copy]');
      await expect(notice).toContainText(t.savedCopy!.split('{{time}}')[0]!);
      // The time as the site writes it (Intl, the page's language), in a machine-readable <time>.
      const time = notice.locator('time');
      const iso = (await time.getAttribute('datetime'))!;
      expect(Date.now() - Date.parse(iso)).toBeLessThan(5 * 60_000);
      const written = await page.evaluate(
        ([iso, locale]) =>
          new Intl.DateTimeFormat(locale, {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: 'Europe/London',
          }).format(new Date(iso!)),
        [iso, language === 'en' ? 'en-GB' : 'lt-LT'],
      );
      await expect(time).toHaveText(written);
    }
    // The page opened online hydrates offline too (its files, lazy ones included, were saved
    // with it) and keeps the notice. (A page saved but never opened is whole without scripts.)
    await page.goto(PATHS.home);
    await waitForLanguage(page, language);
    await expect(page.locator('[data-saved-copy]')).toBeVisible();
    await page.goto(PATHS.about);
    await shoot(page, `offline-notice-${language}`);

    // A page never saved: the offline page in the visitor's language, listing what was saved.
    const unsaved = await page.goto(PATHS.history);
    expect(unsaved?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.offlineTitle!);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('link', { name: t.pages.safety })).toHaveAttribute('href', PATHS.safety);
    await shoot(page, `offline-page-${language}`);
    // A link clicked on a hydrated saved page opens the saved page (not React Router's data request).
    await page.goto(PATHS.home);
    await waitForLanguage(page, language);
    await page.locator(`a[href="${PATHS.faq}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${PATHS.faq}$`));
    await expect(page.locator('h1').first()).toHaveText(titles[PATHS.faq]!);
    await expect(page.locator('[data-saved-copy]')).toBeVisible();
    await context.close();
  });
}

test('the admin area and the shop never come from the cache', async ({ browser, site }) => {
  test.setTimeout(60_000);
  const visit = await visitOnline(browser, site, '/', 'lt');
  const context = visit.context;
  let page = visit.page;
  await page.goto(PATHS.partner);
  await page.goto(PATHS.adminLogin);
  await page.goto(PATHS.safety);
  await waitForLanguage(page, 'lt');
  const keys = Object.keys(await savedCopies(page));
  expect(keys.filter((key) => !SAVED.some((path) => key.startsWith(`${path}?`)))).toEqual([]);

  await context.setOffline(true);
  // The admin area is not the worker's: the browser's own error, no page from any cache.
  await expect(page.goto(PATHS.adminLogin)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  // The shop's page that was opened online: the offline page, not a copy of it.
  page = await context.newPage();
  const shop = await page.goto(PATHS.partner);
  expect(shop?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(packs.lt.offlineTitle!);
  // API calls and React Router's data requests are never answered from a cache.
  await page.goto(PATHS.safety);
  expect(
    await page.evaluate(() =>
      Promise.all(
        ['/api/health', '/saugumo-taisykles.data'].map((url) =>
          fetch(url).then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ),
    ),
  ).toEqual(['failed', 'failed']);
  await context.close();
});

test('a form posted offline says it was not sent, with and without scripts, and keeps what was typed', async ({
  browser,
  site,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await visitOnline(browser, site, PATHS.contacts, 'lt');
  const form = page.getByRole('form', { name: contact.form.label });
  await form.getByLabel(contact.form.name.label, { exact: true }).fill('Jonas Petraitis');
  await form.getByLabel(contact.form.email.label, { exact: true }).fill('jonas@example.com');
  await form.getByLabel(contact.form.subject.label, { exact: true }).selectOption('general');
  const message = 'Ar galima atvažiuoti penktadienį vakare?';
  await form.getByLabel(contact.form.message.label, { exact: true }).fill(message);
  await context.setOffline(true);

  // With scripts: a clear "not sent", the form still filled in.
  await form.getByRole('button', { name: contact.form.submit }).click();
  await expect(form.getByRole('alert')).toContainText(forms.fallback.notSent);
  await expect(form.getByLabel(contact.form.message.label, { exact: true })).toHaveValue(message);
  expect(await site.db.selectFrom('contacts').selectAll().execute()).toEqual([]);

  // Without scripts (the browser's own post): the worker's translated "not sent" page with it.
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form[method="post"]')!.submit());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(packs.lt.notSentTitle!);
  await expect(page.getByText(packs.lt.notSentText!)).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText('jonas@example.com')).toBeVisible();
  await expect(page.getByRole('link', { name: packs.lt.back })).toHaveAttribute('href', /\/kontaktai/);
  await shoot(page, 'offline-not-sent-lt');
  expect(await site.db.selectFrom('contacts').selectAll().execute()).toEqual([]);
  await context.close();
});

test('a publish reaches the next online visit, and the saved copy follows it', async ({ browser, site }) => {
  test.setTimeout(60_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'offline-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  const { context, page } = await visitOnline(browser, site, PATHS.safety, 'lt');
  await expect(page.locator('h1').first()).toHaveText('Saugumo taisyklės');

  await publishContent(site, cookie, 'page.safety', {
    title: { lt: 'Saugumo taisyklės 2026 (atnaujinta)', en: 'Safety rules 2026 (updated)' },
  });
  // Online: the server's new page, not the saved copy.
  const fresh = await page.goto(PATHS.safety);
  await expect(page.locator('h1').first()).toHaveText('Saugumo taisyklės 2026 (atnaujinta)');
  await expect(page.locator('[data-saved-copy]')).toHaveCount(0);
  expect(fresh?.status()).toBe(200);
  // That visit saved the new page: offline it is what opens.
  await waitForLanguage(page, 'lt');
  await context.setOffline(true);
  await expect
    .poll(
      async () => {
        await page.goto(PATHS.safety);
        return page.locator('h1').first().textContent();
      },
      { timeout: 10_000 },
    )
    .toBe('Saugumo taisyklės 2026 (atnaujinta)');
  await expect(page.locator('[data-saved-copy]')).toBeVisible();
  await context.close();
});

test('each saved page is kept with the build files it names; an older build goes only when no page uses it', async ({
  browser,
  site,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await visitOnline(browser, site, '/', 'lt');
  // Every saved page's scripts, styles and fonts are in the cache of that page's own build.
  const incomplete = await page.evaluate(async () => {
    const missing: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('site-v1-build-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/assets/')) continue;
        const html = await (await cache.match(request))!.text();
        if (!name.endsWith(/\/assets\/(manifest-[\w-]+)\.js/.exec(html)![1]!))
          missing.push(`${request.url} build`);
        for (const file of new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g)))
          if (!(await cache.match(file))) missing.push(`${request.url} ${file}`);
      }
    }
    return missing;
  });
  expect(incomplete).toEqual([]);

  // Two caches of an earlier build, as an earlier worker left them: one still holds a saved page
  // (one this build has not replaced), one only files.
  await page.evaluate(async () => {
    const used = await caches.open('site-v1-build-manifest-old00001');
    await used.put('/assets/manifest-old00001.js', new Response('old'));
    await used.put(
      '/an-old-page?lang=lt',
      new Response('<script src="/assets/manifest-old00001.js"></script>'),
    );
    const unused = await caches.open('site-v1-build-manifest-old00002');
    await unused.put('/assets/manifest-old00002.js', new Response('old'));
  });
  // The next page tells the worker to keep (tidying as it goes).
  await page.goto(PATHS.faq);
  await waitForLanguage(page, 'lt');
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.includes('old'))), {
      timeout: 15_000,
    })
    .toEqual(['site-v1-build-manifest-old00001']);
  // Offline, the older build's file still comes from its cache (the page that names it works).
  await context.setOffline(true);
  expect(
    await page.evaluate(() => fetch('/assets/manifest-old00001.js').then((response) => response.text())),
  ).toBe('old');
  await context.close();
});

test('with the browser saving data (Save-Data) the worker downloads nothing for later; a page opened is still kept (issue 49)', async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ baseURL: site.url, viewport: PHONE });
  // The data saver as Chromium reports it to pages; and the worker's "kept" (it has done the
  // page's `keep`) recorded from the start, before the page's own scripts run.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'kept') (window as Window & { kept?: boolean }).kept = true;
    });
  });
  const byWorker: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // The worker's own script is reported as its request (its update check).
    if (request.serviceWorker() && path !== '/site-sw.js') byWorker.push(path);
  });
  const page = await context.newPage();
  await page.goto(PATHS.about);
  await waitForLanguage(page, 'lt');
  await page.waitForFunction(() => (window as Window & { kept?: boolean }).kept === true, undefined, {
    timeout: 20_000,
  });
  // Nothing fetched for later: no other page, no photo or file of the build.
  expect(byWorker).toEqual([]);
  expect(await savedCopies(page)).toEqual({});

  // A page the visitor opens online is kept as it comes, and opens offline.
  await page.goto(PATHS.faq);
  await waitForLanguage(page, 'lt');
  await expect.poll(async () => Object.keys(await savedCopies(page))).toEqual([`${PATHS.faq}?lang=lt`]);
  expect(
    byWorker.filter((path) => (SAVED as readonly string[]).includes(path) && path !== PATHS.faq),
  ).toEqual([]);
  await context.setOffline(true);
  await page.goto(PATHS.faq);
  await expect(page.locator('[data-saved-copy]')).toContainText(packs.lt.savedCopy!.split('{{time}}')[0]!);
  await context.close();
});

test("the visitor's own registration page is kept only as opened, with its link", async ({
  browser,
  site,
}) => {
  test.setTimeout(60_000);
  const email = `offline.${Date.now()}@example.com`;
  const request = validRequests.registration;
  const sent = await fetch(`${site.url}${request.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...request.body, email, language: 'lt' }),
  });
  expect(sent.status).toBe(201);
  await expect
    .poll(() => site.smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)).length, {
      timeout: 10_000,
    })
    .toBe(1);
  const mail = site.smtp.messages.find((m) => JSON.stringify(m.to).includes(email))!;
  const link = new URL(/https?:\/\/[^\s]+\/mano-duomenys\?link=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0]);
  const own = link.pathname + link.search;

  const { context, page } = await visitOnline(browser, site, '/', 'lt');
  // Not fetched by the worker on its own: only once the visitor opens it with the link.
  expect(Object.keys(await savedCopies(page)).filter((key) => key.startsWith(PATHS.myData))).toEqual([]);
  await page.goto(own);
  await waitForLanguage(page, 'lt');
  await expect
    .poll(async () => Object.keys(await savedCopies(page)).filter((key) => key.startsWith(PATHS.myData)))
    .toEqual([`${PATHS.myData}${link.search}&lang=lt`]);

  await context.setOffline(true);
  const opened = await page.goto(own);
  expect(opened?.fromServiceWorker()).toBe(true);
  expect(opened?.status()).toBe(200);
  await expect(page.locator('[data-saved-copy]')).toBeVisible();
  // Another link (or none) is not this visitor's page: the offline page.
  const other = await page.goto(`${PATHS.myData}?link=${'x'.repeat(43)}`);
  expect(other?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(packs.lt.offlineTitle!);
  await context.close();
});

test('a new worker takes over without breaking the saved pages', async ({ browser, site }) => {
  test.setTimeout(60_000);
  const { context, page } = await visitOnline(browser, site, '/', 'lt');
  const before = await savedCopies(page);
  // The next release's worker: a worker at another address is always installed anew (a changed
  // script at the same address is too, after the browser compares its bytes).
  const controller = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/site-sw.js?release=2', { scope: '/' });
    // It activates at once (skipWaiting) and takes the open page over (clients.claim).
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller?.scriptURL.endsWith('release=2'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return navigator.serviceWorker.controller?.scriptURL;
  });
  expect(controller).toMatch(/\/site-sw\.js\?release=2$/);
  // The saved pages and their build stayed as they were; offline they open whole and hydrate.
  expect(await savedCopies(page)).toEqual(before);
  await context.setOffline(true);
  await page.goto(PATHS.home);
  await waitForLanguage(page, 'lt');
  await expect(page.locator('[data-saved-copy]')).toBeVisible();
  // …served by the new worker.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/release=2$/);
  await context.close();
});
