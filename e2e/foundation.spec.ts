import { axeViolations, expect, test, useEnglish, waitForLanguage } from './fixtures';

test.describe('site foundation', () => {
  test('home renders in Lithuanian with <html lang="lt"> and prerendered text', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<html lang="lt"');
    expect(html).toContain('Apie renginį');

    await page.goto('/');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('navigation', { name: 'Pagrindinis meniu' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('switching to English loads the English page and survives a reload', async ({ page }) => {
    await page.goto('/istorija');
    await waitForLanguage(page, 'lt');
    // A link to the same page in English, followed as a page load (a page holds one language).
    const english = page
      .getByRole('group', { name: 'Kalba' })
      .first()
      .getByRole('link', { name: 'EN', exact: true });
    await expect(english).toHaveAttribute('href', '/istorija?lang=en');
    await english.click();
    await expect(page).toHaveURL(/\/istorija\?lang=en$/);
    await waitForLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event history');
    await expect(
      page.getByRole('group', { name: 'Language' }).first().getByRole('link', { name: 'EN', exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', { name: 'About the event' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    // The choice is also a cookie: from now on the server sends the English HTML itself,
    // so nothing Lithuanian shows before the scripts run.
    const document = await page.reload();
    expect(await document!.text()).toContain('<html lang="en"');
    await waitForLanguage(page, 'en');
    await expect(page.getByRole('link', { name: 'About the event' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apie renginį' })).toHaveCount(0);
  });

  test('a shared ?lang=en link is English HTML from the server, and hydrates without a switch', async ({
    page,
    consoleErrors,
  }) => {
    const document = await page.goto('/istorija?lang=en');
    const html = await document!.text();
    expect(html).toContain('<html lang="en"');
    // What the page shows is English, and its data holds no Lithuanian (decision 0045).
    expect(html).toMatch(/<title>Event history \|/);
    expect(html).toMatch(/<h1[^>]*>Event history<\/h1>/);
    expect(html).not.toContain('Renginio istorija');
    await waitForLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // No hydration mismatch (React would report it) and the language is remembered.
    expect(consoleErrors).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('en');
  });

  test('a language saved in this browser without its cookie: the page reloads in it', async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    const first = await page.goto('/duk');
    expect(await first!.text()).toContain('<html lang="lt"');
    await waitForLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await expect(page).toHaveURL(/\/duk$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('en');
    expect(consoleErrors).toEqual([]);
  });

  test('a saved language other than lt/en falls back to Lithuanian', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'xx'));
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('link', { name: 'Apie renginį' }).first()).toBeVisible();
  });

  test('a failing English pack falls back to Lithuanian and logs the error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route(/\/assets\/common-[^/]+\.js$/, async (route) => {
      const body = await (await route.fetch()).text();
      // Break only the English pack (it mentions "Main menu").
      if (body.includes('Main menu')) await route.abort();
      else await route.fulfill({ response: await route.fetch() });
    });
    await useEnglish(page);
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('link', { name: 'Apie renginį' }).first()).toBeVisible();
    expect(errors.some((e) => e.includes('language pack'))).toBe(true);

    // Also when the server sent English HTML: the page is rebuilt in Lithuanian, with its
    // Lithuanian packs (texts, not keys).
    errors.length = 0;
    await page.goto('/istorija?lang=en');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renginio istorija');
    await expect(page.getByRole('link', { name: 'Apie renginį' }).first()).toBeVisible();
    expect(errors.some((e) => e.includes('language pack'))).toBe(true);
  });

  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oi! Puslapis nerastas');
    await expect(page.getByRole('link', { name: 'Grįžti į pradžią' })).toHaveAttribute('href', '/');
    expect(warnings.some((w) => w.includes('/no-such-page/here'))).toBe(true);

    await useEnglish(page);
    await page.goto('/still-missing');
    await waitForLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header navigation reaches each of its pages', async ({ page }) => {
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    const nav = page.getByRole('navigation', { name: 'Pagrindinis meniu' });
    for (const [name, path] of [
      ['Apie renginį', '/apie-rengini'],
      ['Istorija', '/istorija'],
      ['Organizatoriai', '/organizatoriai'],
      ['Kontaktai', '/kontaktai'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Žolinė 2026' }).first().click();
    await expect(page).toHaveURL(/\/zoline$/);
  });

  test('on a phone the menu opens as a dialog and the language switcher sits under the header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    await expect(page.getByRole('group', { name: 'Kalba' })).toBeVisible();
    await page.getByRole('button', { name: 'Atidaryti meniu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meniu' });
    // Issue 44: every public section (the footer's set), and one "My bookings".
    for (const name of [
      'Registracija',
      'Saugumo taisyklės',
      'Receptai',
      'Dažni klausimai',
      'Rėmėjų parduotuvė',
    ])
      await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Mano registracija ir užsakymai' })).toHaveAttribute(
      'href',
      '/mano-duomenys',
    );
    await expect(dialog.getByRole('link', { name: 'Mano užsakymai' })).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Istorija' }).click();
    await expect(page).toHaveURL(/\/istorija$/);
    await expect(dialog).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the announcement banner hides and stays hidden', async ({ page }) => {
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    await page.getByLabel('Paslėpti pranešimą').click();
    await expect(page.getByLabel('Paslėpti pranešimą')).toHaveCount(0);
    await page.reload();
    await waitForLanguage(page, 'lt');
    await expect(page.getByLabel('Paslėpti pranešimą')).toHaveCount(0);
  });

  test('the shell has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await waitForLanguage(page, 'lt');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('each page names one canonical URL and its language versions, before and after hydration', async ({
    page,
    request,
    site,
  }) => {
    // PUBLIC_URL at run time is the base (issue 31), whatever address the page was fetched at.
    const base = site.config.PUBLIC_URL;
    const headLinks = () =>
      page.evaluate(() =>
        [...document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"]')].map(
          (link) =>
            `${link.getAttribute('rel')} ${link.getAttribute('hreflang') ?? ''} ${link.getAttribute('href')}`,
        ),
      );
    const expected = (path: string, canonical: string) => [
      `canonical  ${canonical}`,
      `alternate lt ${base}${path}`,
      `alternate en ${base}${path}?lang=en`,
      `alternate x-default ${base}${path}`,
    ];
    for (const path of ['/istorija', '/sponsor/reduk/anglys']) {
      const html = await (await request.get(`${path}/`)).text();
      expect(html.match(/rel="canonical"/g), path).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${base}${path}"/>`);

      await page.goto(`${path}?lang=lt`);
      await waitForLanguage(page, 'lt');
      expect(await headLinks()).toEqual(expected(path, `${base}${path}`));
      await page.goto(`${path}/?lang=en`);
      await waitForLanguage(page, 'en');
      expect(await headLinks()).toEqual(expected(path, `${base}${path}?lang=en`));
    }
  });
});
