import type { Page } from '@playwright/test';
import { axeViolations, expect, test, useEnglish, waitForLanguage, type Site } from './fixtures';
import { fillRegistration, registrationTexts } from './registration-form';

// The three public forms end to end in Chromium: filled and sent like a visitor would,
// checked in the database and in the test SMTP server's inbox, in both languages. With the
// API unreachable, the visitor's e-mail client must open with the details (mailto).

type Language = 'lt' | 'en';
const LANGUAGES: Language[] = ['lt', 'en'];

async function open(page: Page, path: string, language: Language) {
  if (language === 'en') await useEnglish(page);
  await page.goto(path);
  await waitForLanguage(page, language);
}

/**
 * Records mailto: links the page opens instead of handing them to the OS (a mail client
 * cannot open in a headless browser). Read them with `openedMailtos`.
 */
async function captureMailto(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { __openedMailtos: opened });
    window.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href^="mailto:"]');
        if (!link) return;
        event.preventDefault();
        opened.push((link as HTMLAnchorElement).href);
      },
      true,
    );
  });
}

const openedMailtos = (page: Page) =>
  page.evaluate(() => (window as unknown as { __openedMailtos: string[] }).__openedMailtos);

function parseMailto(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname,
    subject: url.searchParams.get('subject') ?? '',
    body: url.searchParams.get('body') ?? '',
  };
}

/**
 * Holds requests to `url` until the returned function is called, so a test can look at the
 * form's sending state however slowly the machine runs (a fixed delay raced the check).
 */
async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function unique(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function mailsTo(site: Site, address: string, count = 1) {
  await expect
    .poll(() => site.smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address)).length, {
      timeout: 10_000,
    })
    .toBe(count);
  return site.smtp.messages.filter((m) => JSON.stringify(m.to).includes(address));
}

async function mailsToOrganisers(site: Site, marker: string) {
  await expect
    .poll(
      () =>
        site.smtp.messages.filter(
          (m) => m.text?.includes(marker) && JSON.stringify(m.to).includes(site.config.ORGANISER_EMAIL),
        ).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(1);
  return site.smtp.messages.filter(
    (m) => m.text?.includes(marker) && JSON.stringify(m.to).includes(site.config.ORGANISER_EMAIL),
  );
}

// ---------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------

for (const language of LANGUAGES) {
  const t = registrationTexts[language];

  test.describe(`registration (${language})`, () => {
    test('a visitor registers, lands on the success page, the row is stored and both e-mails arrive', async ({
      page,
      site,
      consoleErrors,
    }) => {
      const email = unique(`ruta-${language}`);
      await open(page, '/registracija', language);
      await expect(page.getByRole('link', { name: t.back })).toHaveAttribute('href', '/');
      await fillRegistration(page, language, email);
      await page.getByLabel(t.music, { exact: true }).check();

      // Hold the request to see the submitting state.
      const release = await holdRequests(page, '**/registracija.data*');
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByRole('button', { name: t.submitting })).toBeDisabled();
      release();

      await expect(page).toHaveURL(/\/registracija-sekminga$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.successTitle);
      await expect(page.getByText(email)).toBeVisible();

      const row = await site.db
        .selectFrom('registrations')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: 'Rūta',
        last_name: 'Žemaitytė',
        phone: '+44 7700 900456',
        participation_types: ['compete', 'music'],
        camping: 'tent',
        adults: 2,
        children: 1,
        dietary_needs: 'Vegetarian, no nuts',
        agreed_to_rules: true,
        language,
        consents: {
          rules: expect.objectContaining({ text: expect.any(String) }),
          dataProcessing: expect.objectContaining({ text: expect.stringMatching(t.dataConsent) }),
          health: expect.objectContaining({ text: expect.stringMatching(t.healthConsent) }),
        },
      });

      const [confirmation] = await mailsTo(site, email);
      expect(confirmation!.subject).toContain(t.mailSubject);
      // What was typed goes to the organisers only, never back to the address (issue 19, finding 7).
      expect(confirmation!.text).not.toContain('Vegetarian, no nuts');
      const [notice] = await mailsToOrganisers(site, email);
      expect(notice!.text).toContain('Vegetarian, no nuts');
      expect(consoleErrors).toEqual([]);
    });

    test('each invalid field shows its error in the current language and nothing is sent', async ({
      page,
    }) => {
      const requests: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && requests.push(request.url()));
      await open(page, '/registracija', language);
      await page.getByLabel(t.adults).fill('');
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      for (const message of t.errors) await expect(page.getByText(message, { exact: true })).toBeVisible();

      const firstName = page.getByLabel(t.firstName, { exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAttribute('aria-invalid', 'true');
      await expect(firstName).toHaveAccessibleDescription(t.errors[0]);
      // Fixing a field clears its error while the others stay.
      await firstName.fill('Rūta');
      await expect(page.getByText(t.errors[0], { exact: true })).toHaveCount(0);
      await expect(page.getByText(t.errors[1], { exact: true })).toBeVisible();
      expect(requests).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('with the API unreachable the mail client opens with the details and a toast explains', async ({
      page,
      site,
    }) => {
      const email = unique(`offline-${language}`);
      const before = await site.db.selectFrom('registrations').select('id').execute();
      await captureMailto(page);
      await page.route('**/registracija.data*', (route) => route.abort('internetdisconnected'));
      await open(page, '/registracija', language);
      await fillRegistration(page, language, email);
      await page.getByRole('button', { name: t.submit, exact: true }).click();

      await expect(page.getByText(t.toast)).toBeVisible();
      await expect.poll(() => openedMailtos(page)).toHaveLength(1);
      const [href] = await openedMailtos(page);
      const mail = parseMailto(href!);
      expect(mail.to).toBe('info@lietuviubbq.uk');
      expect(mail.subject).toBe(t.mailtoSubject);
      for (const line of [...t.mailtoLines, email]) expect(mail.body).toContain(line);
      // The link stays on the page, and the form keeps what was typed.
      await expect(page.locator(`a[href="${href}"]`)).toBeVisible();
      await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue('Rūta');
      await expect(page).toHaveURL(/\/registracija$/);
      expect(await site.db.selectFrom('registrations').select('id').execute()).toHaveLength(before.length);
    });
  });
}

test('the registration success page: next steps, reminders, home and contacts', async ({
  page,
  consoleErrors,
}) => {
  await open(page, '/registracija-sekminga', 'lt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registracija sėkminga!');
  await expect(page.getByRole('heading', { name: 'Kas toliau?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Susisieksime per 24–48 valandas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nepamirškite' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Į pradžią' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Kontaktai' })).toHaveAttribute('href', '/kontaktai');
  expect(await axeViolations(page)).toEqual([]);

  await useEnglish(page);
  await page.goto('/registracija-sekminga');
  await waitForLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  expect(consoleErrors).toEqual([]);
});

// ---------------------------------------------------------------------------------------
// Contact form (on /kontaktai)
// ---------------------------------------------------------------------------------------

const contactTexts = {
  lt: {
    name: 'Vardas',
    email: 'El. paštas',
    subject: 'Tema',
    subjectOption: 'Savanorystė',
    message: 'Žinutė',
    submit: 'Siųsti žinutę',
    submitting: 'Siunčiama...',
    success: 'Žinutė išsiųsta!',
    mailSubject: 'Gavome jūsų žinutę',
    errors: [
      'Vardas turi būti bent 2 simboliai',
      'Neteisingas el. pašto adresas',
      'Pasirinkite žinutės temą',
      'Žinutė turi būti bent 10 simbolių',
    ],
    toast: 'Atidaromas el. pašto klientas',
    mailtoSubject: 'Žinutė iš svetainės: Savanorystė',
    mailtoLines: ['Vardas: Jonas Petraitis', 'Telefono numeris: Nepateikta', 'Tema: Savanorystė'],
  },
  en: {
    name: 'Name',
    email: 'E-mail',
    subject: 'Subject',
    subjectOption: 'Volunteering',
    message: 'Message',
    submit: 'Send message',
    submitting: 'Sending...',
    success: 'Message sent!',
    mailSubject: 'We have received your message',
    errors: [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Please choose a subject',
      'Message must be at least 10 characters',
    ],
    toast: 'Opening your e-mail client',
    mailtoSubject: 'Message from the website: Volunteering',
    mailtoLines: ['Name: Jonas Petraitis', 'Phone number: Not provided', 'Subject: Volunteering'],
  },
} as const;

async function fillContact(page: Page, language: Language, email: string) {
  const t = contactTexts[language];
  const form = page.getByRole('form');
  await form.getByLabel(t.name, { exact: true }).fill('Jonas Petraitis');
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.subject, { exact: true }).selectOption({ label: t.subjectOption });
  await form.getByLabel(t.message, { exact: true }).fill('Norėčiau padėti statyti palapines.\nAčiū!');
}

for (const language of LANGUAGES) {
  const t = contactTexts[language];

  test.describe(`contact form (${language})`, () => {
    test('a message is stored as new, both e-mails arrive, the form thanks and resets', async ({
      page,
      site,
      consoleErrors,
    }) => {
      const email = unique(`jonas-${language}`);
      await open(page, '/kontaktai', language);
      await fillContact(page, language, email);
      const release = await holdRequests(page, '**/kontaktai.data*');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('button', { name: t.submitting })).toBeDisabled();
      release();

      await expect(page.getByRole('status').filter({ hasText: t.success })).toBeVisible();
      await expect(page.getByRole('form').getByLabel(t.name, { exact: true })).toHaveValue('');
      await expect(page.getByRole('form').getByLabel(t.message, { exact: true })).toHaveValue('');

      const row = await site.db
        .selectFrom('contacts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Jonas Petraitis',
        phone: null,
        category: 'volunteers',
        message: 'Norėčiau padėti statyti palapines.\nAčiū!',
        status: 'new',
        language,
      });
      const [acknowledgement] = await mailsTo(site, email);
      expect(acknowledgement!.subject).toContain(t.mailSubject);
      await mailsToOrganisers(site, email);
      const organiserMail = site.smtp.messages.find(
        (m) => m.text?.includes(email) && JSON.stringify(m.to).includes(site.config.ORGANISER_EMAIL),
      )!;
      expect(organiserMail.replyTo?.text).toBe(email);
      expect(consoleErrors).toEqual([]);
    });

    test('each invalid field shows its error in the current language', async ({ page }) => {
      await open(page, '/kontaktai', language);
      const form = page.getByRole('form');
      await form.getByLabel(t.message, { exact: true }).fill('Trumpa');
      await form.getByLabel(t.email, { exact: true }).fill('jonas@');
      await page.getByRole('button', { name: t.submit }).click();
      for (const message of t.errors) await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(form.getByLabel(t.name, { exact: true })).toBeFocused();
      await expect(form.getByLabel(t.subject, { exact: true })).toHaveAccessibleDescription(t.errors[2]);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('with the server failing (503) the mail client opens with the message and a toast explains', async ({
      page,
    }) => {
      const email = unique(`fallback-${language}`);
      await captureMailto(page);
      await page.route('**/kontaktai.data*', (route) =>
        route.fulfill({ status: 503, body: 'Service Unavailable' }),
      );
      await open(page, '/kontaktai', language);
      await fillContact(page, language, email);
      await page.getByRole('button', { name: t.submit }).click();

      await expect(page.getByText(t.toast)).toBeVisible();
      await expect.poll(() => openedMailtos(page)).toHaveLength(1);
      const mail = parseMailto((await openedMailtos(page))[0]!);
      expect(mail.to).toBe('info@lietuviubbq.uk');
      expect(mail.subject).toBe(t.mailtoSubject);
      for (const line of [...t.mailtoLines, email, 'Norėčiau padėti statyti palapines.\nAčiū!']) {
        expect(mail.body).toContain(line);
      }
      await expect(page.getByRole('form').getByLabel(t.name, { exact: true })).toHaveValue('Jonas Petraitis');
    });
  });
}

// ---------------------------------------------------------------------------------------
// Sponsor application (on /tapti-remeju)
// ---------------------------------------------------------------------------------------

const sponsorTexts = {
  lt: {
    company: 'Įmonės ar organizacijos pavadinimas',
    person: 'Kontaktinis asmuo',
    email: 'El. paštas',
    website: /Svetainė/,
    levelLegend: 'Rėmimo lygis',
    level: 'Auksinis',
    type1: 'Logotipas renginyje',
    type2: 'Prizai konkursui',
    budget: /^1\s000\s£–2\s500\s£$/,
    submit: 'Siųsti paraišką',
    submitting: 'Siunčiama...',
    success: 'Paraiška išsiųsta',
    mailSubject: 'Ačiū už rėmėjo paraišką',
    errors: [
      'Pavadinimas turi būti bent 2 simboliai',
      'Kontaktinio asmens vardas turi būti bent 2 simboliai',
      'Neteisingas el. pašto formatas',
      'Pasirinkite rėmimo lygį',
      'Pasirinkite bent vieną rėmimo tipą',
      'Pasirinkite biudžetą',
    ],
    toast: 'Atidaromas el. pašto klientas',
    errorTitle: 'Paraiškos išsiųsti nepavyko',
    mailtoSubject: 'Rėmėjo paraiška: Grill & Co Ltd',
    mailtoLines: [
      'Rėmimo lygis: Auksinis',
      'Rėmimo būdai: Logotipas renginyje, Prizai konkursui',
      'Telefono numeris: Nepateikta',
    ],
  },
  en: {
    company: 'Company or organisation name',
    person: 'Contact person',
    email: 'E-mail',
    website: /Website/,
    levelLegend: 'Sponsorship level',
    level: 'Gold',
    type1: 'Logo display at the event',
    type2: 'Prizes for the competition',
    budget: '£1,000–£2,500',
    submit: 'Send application',
    submitting: 'Sending...',
    success: 'Application sent',
    mailSubject: 'Thank you for your sponsor application',
    errors: [
      'Company name must be at least 2 characters',
      'Contact person must be at least 2 characters',
      'Invalid email address',
      'Choose a sponsorship level',
      'Choose at least one type of sponsorship',
      'Choose a budget range',
    ],
    toast: 'Opening your e-mail client',
    errorTitle: 'Your application could not be sent',
    mailtoSubject: 'Sponsor application: Grill & Co Ltd',
    mailtoLines: [
      'Sponsorship level: Gold',
      'Ways to contribute: Logo display at the event, Prizes for the competition',
      'Phone number: Not provided',
    ],
  },
} as const;

async function fillSponsor(page: Page, language: Language, email: string) {
  const t = sponsorTexts[language];
  const form = page.getByRole('form');
  await form.getByLabel(t.company).fill('Grill & Co Ltd');
  await form.getByLabel(t.person).fill('Emma Jones');
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.website).fill('grill.example');
  await form.getByLabel(t.level, { exact: true }).check();
  await form.getByLabel(t.type1, { exact: true }).check();
  await form.getByLabel(t.type2, { exact: true }).check();
  await form.getByLabel(t.budget, { exact: true }).check();
}

for (const language of LANGUAGES) {
  const t = sponsorTexts[language];

  test.describe(`sponsor application (${language})`, () => {
    test('an application is stored as new, the organisers and the applicant get e-mails', async ({
      page,
      site,
      consoleErrors,
    }) => {
      const email = unique(`emma-${language}`);
      await open(page, '/tapti-remeju', language);
      await fillSponsor(page, language, email);
      const release = await holdRequests(page, '**/tapti-remeju.data*');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('button', { name: t.submitting })).toBeDisabled();
      release();
      await expect(page.getByRole('status').filter({ hasText: t.success })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: t.success })).toBeFocused();

      const row = await site.db
        .selectFrom('sponsor_applications')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        company_name: 'Grill & Co Ltd',
        contact_person: 'Emma Jones',
        website: 'https://grill.example/',
        sponsorship_level: 'gold',
        sponsorship_types: ['logo', 'prizes'],
        budget_range: '1000-2500',
        status: 'new',
        language,
      });
      const [autoresponse] = await mailsTo(site, email);
      expect(autoresponse!.subject).toContain(t.mailSubject);
      await mailsToOrganisers(site, email);
      expect(consoleErrors).toEqual([]);
    });

    test('each invalid field shows its error in the current language', async ({ page }) => {
      await open(page, '/tapti-remeju', language);
      const form = page.getByRole('form');
      await page.getByRole('button', { name: t.submit }).click();
      for (const message of t.errors) await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(form.getByRole('group', { name: t.levelLegend })).toHaveAccessibleDescription(t.errors[3]);
      await form.getByLabel(t.website).fill('not a website');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(form.getByLabel(t.website)).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page)).toEqual([]);
    });

    test('with the API unreachable the error state shows, the mail client opens and a toast explains', async ({
      page,
    }) => {
      const email = unique(`offline-sponsor-${language}`);
      await captureMailto(page);
      await page.route('**/tapti-remeju.data*', (route) => route.abort('connectionrefused'));
      await open(page, '/tapti-remeju', language);
      await fillSponsor(page, language, email);
      await page.getByRole('button', { name: t.submit }).click();

      await expect(page.getByText(t.toast)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.errorTitle })).toBeVisible();
      await expect.poll(() => openedMailtos(page)).toHaveLength(1);
      const mail = parseMailto((await openedMailtos(page))[0]!);
      expect(mail.subject).toBe(t.mailtoSubject);
      for (const line of [...t.mailtoLines, email]) expect(mail.body).toContain(line);
    });
  });
}

test('the form pages fit a 375 px phone in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const language of LANGUAGES) {
    for (const path of ['/registracija', '/kontaktai', '/tapti-remeju']) {
      await open(page, path, language);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} (${language})`).toBeLessThanOrEqual(0);
    }
  }
});
