import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';
import {
  axeViolations,
  expect,
  siteFixture,
  test as base,
  useEnglish,
  waitForLanguage,
  type Site,
} from './fixtures';

// Issue 32, "changes that reach the organisers": a participant changes and cancels their
// registration from their private link, with scripts and without; each change is e-mailed to
// them, and the organisers see it on the registration's card.

// Signs an admin in: a site of its own (the setup spec expects a site with no admin yet).
const test = base.extend({ site: siteFixture() });

const pack = (language: string, name: string) =>
  JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/${name}.json`, 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
const texts = (language: 'lt' | 'en') => {
  const self = pack(language, 'privacy').self as Record<string, string>;
  const form = pack(language, 'registration').form as {
    participationType: { options: Record<string, string> };
    camping: { options: Record<string, { label: string }> };
    group: { adults: string };
  };
  const validation = pack(language, 'registration').validation as Record<string, string>;
  return { self, form, validation };
};
const admin = pack('lt', 'admin') as unknown as {
  registrations: { changedMark: string; history: { title: string } };
  values: { registration: Record<string, string> };
};

/** A registration the organisers confirmed a minute ago, and its private link's address. */
async function confirmedRegistration(site: Site, language: 'lt' | 'en', name: string) {
  const email = `${name.toLowerCase()}@example.com`;
  const { id } = await insertRegistration(site.db, {
    first_name: name,
    email,
    language,
    status: 'confirmed',
  });
  await site.db
    .updateTable('registrations')
    .set({ confirmed_at: new Date(Date.now() - 60_000) })
    .where('id', '=', id)
    .execute();
  const link = newSelfServiceLink(site.url);
  await site.db
    .transaction()
    .execute((trx) => storeSelfServiceLink(trx, link, { table: 'registrations', id, email, language }));
  return { id, email, path: `/mano-duomenys?link=${link.token}${language === 'en' ? '&lang=en' : ''}` };
}

const mailTo = (site: Site, email: string) =>
  site.smtp.messages.filter((mail) => JSON.stringify(mail.to ?? '').includes(email));

/** The subjects of the e-mails an address received, sorted. */
const subjects = (site: Site, email: string) =>
  mailTo(site, email)
    .map((mail) => mail.subject)
    .sort();

async function changeAndCancel(page: Page, language: 'lt' | 'en', scripts: boolean) {
  const { self, form, validation } = texts(language);
  // Without scripts too the record is in the page the server sends (issue 34): nothing to open.
  if (!scripts) await expect(page.getByRole('button', { name: self.open })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: language === 'lt' ? 'Jūsų registracija' : 'Your registration' }),
  ).toBeVisible();
  await page.getByRole('button', { name: self.correct }).click();
  // Refused like the form: the message in the page's language, nothing stored.
  await page.getByLabel(form.group.adults).fill('0');
  await page.getByRole('button', { name: self.save }).click();
  await expect(page.getByText(validation.adultsRange!)).toBeVisible();
  await page.getByLabel(form.group.adults).fill('3');
  await page.getByRole('checkbox', { name: form.participationType.options.photography }).check();
  await page.getByRole('radio', { name: form.camping.options.nearby!.label }).check();
  await page.getByRole('button', { name: self.save }).click();
  await expect(page.getByText(self.saved!)).toBeVisible();
  await expect(page.getByRole('definition').getByText(form.camping.options.nearby!.label)).toBeVisible();
  await cancelAskingFirst(page, language);
}

/** Cancel asks first (issue 44): the question names what happens to the place; back keeps it. */
async function cancelAskingFirst(page: Page, language: 'lt' | 'en') {
  const { self } = texts(language);
  await page.getByRole('button', { name: self.cancel }).click();
  await expect(page.getByText(self.confirmCancel!)).toBeVisible();
  await page.getByRole('button', { name: self.back, exact: true }).click();
  await expect(page.getByText(self.confirmCancel!)).toHaveCount(0);
  await expect(page.getByText(self.cancelledNow!)).toHaveCount(0);
  await page.getByRole('button', { name: self.cancel }).click();
  await page.getByRole('button', { name: self.cancelYes }).click();
  await expect(page.getByText(self.cancelledNow!)).toBeVisible();
  // Every yes or no in words: the consent row too, on the cancelled record.
  await expect(page.getByRole('main')).not.toContainText(/\btrue\b|\bfalse\b/);
}

test('a participant changes and cancels with scripts, another without; each is e-mailed, the organisers see both', async ({
  page,
  browser,
  site,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const withScripts = await confirmedRegistration(site, 'en', `Brian${Date.now() % 100000}`);
  const withoutScripts = await confirmedRegistration(site, 'lt', `Aldona${Date.now() % 100000}`);
  const row = (id: string) =>
    site.db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // With scripts, in English.
  await useEnglish(page);
  await page.goto(withScripts.path);
  await waitForLanguage(page, 'en');
  await changeAndCancel(page, 'en', true);
  expect(await row(withScripts.id)).toMatchObject({
    adults: 3,
    camping: 'nearby',
    participation_types: ['participate', 'photography'],
    status: 'cancelled',
  });
  await expect
    .poll(() => subjects(site, withScripts.email))
    .toEqual([
      expect.stringMatching(/^Registration cancelled – /),
      expect.stringMatching(/^Your registration has been changed – /),
    ]);
  expect(await axeViolations(page)).toEqual([]);
  // The refused correction's 400 is the browser's own note of an answer, not a fault.
  expect(consoleErrors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);

  // Without scripts, in Lithuanian: every step is a post the page answers.
  const noScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  const plain = await noScripts.newPage();
  await plain.goto(withoutScripts.path);
  await changeAndCancel(plain, 'lt', false);
  await noScripts.close();
  expect(await row(withoutScripts.id)).toMatchObject({ adults: 3, camping: 'nearby', status: 'cancelled' });
  await expect
    .poll(() => subjects(site, withoutScripts.email))
    .toEqual([
      expect.stringMatching(/^Jūsų registracija pakeista – /),
      expect.stringMatching(/^Registracija atšaukta – /),
    ]);
  expect(
    mailTo(site, withoutScripts.email).find((mail) => /pakeista/.test(mail.subject ?? ''))?.text,
  ).toContain('Suaugusieji (16+): 2 → 3');

  // The organisers: the card says cancelled, marks the change after confirming, lists the history.
  // (A context of its own: the participant's page above chose English for this browser.)
  const organiser = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'changes-e2e@example.com' });
  const [name, value] = (await sessionCookie(site, organiser.id)).split('=') as [string, string];
  const organisers = await browser.newContext({ baseURL: site.url });
  await organisers.addCookies([{ name, value, url: site.url }]);
  const adminPage = await organisers.newPage();
  await adminPage.goto('/admin?tab=registrations');
  await waitForLanguage(adminPage, 'lt');
  const first = await row(withoutScripts.id);
  await adminPage.getByRole('searchbox').fill(first.first_name);
  const card = adminPage.locator('article', { hasText: first.first_name });
  await expect(card.getByText(admin.values.registration.cancelled!, { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: admin.registrations.history.title })).toBeVisible();
  // Adults, camping, participation, and the cancellation.
  await expect(card.getByRole('listitem')).toHaveCount(4);
  await organisers.close();
});

test('a change after the organisers confirmed is marked on its card, with what it changed', async ({
  page,
  site,
}) => {
  const changed = await confirmedRegistration(site, 'lt', `Cecilija${Date.now() % 100000}`);
  const response = await fetch(
    `${site.url}/api/my-data${changed.path.slice('/mano-duomenys'.length)}&lang=lt`,
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Cecilija',
        lastName: 'Žemaitytė',
        phone: '+44 7700 900456',
        participationType: ['participate'],
        camping: 'tent',
        adults: 2,
        children: 2,
        dietaryNeeds: '',
        accessibilityNeeds: '',
        healthConsent: false,
        notes: 'Atvyksime vėliau',
      }),
    },
  );
  expect(response.status).toBe(200);
  const organiser = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'mark-e2e@example.com' });
  const [name, value] = (await sessionCookie(site, organiser.id)).split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: site.url }]);
  await page.goto('/admin?tab=registrations');
  await waitForLanguage(page, 'lt');
  await page.getByRole('searchbox').fill('Cecilija');
  const card = page.locator('article', { hasText: 'Cecilija' });
  await expect(card.getByText(admin.registrations.changedMark, { exact: true })).toBeVisible();
  await expect(card.getByText('Atvyksime vėliau').first()).toBeVisible();
});

// Issue 44 (3): a cancellation can be undone from the same page, with scripts and without,
// while its place is still free; the registration is back as it was.
for (const scripts of [true, false]) {
  test(`a participant undoes their cancellation ${scripts ? 'with' : 'without'} scripts`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: scripts });
    const page = await context.newPage();
    const language = scripts ? 'en' : 'lt';
    const { self } = texts(language);
    const registration = await confirmedRegistration(site, language, `Undo${scripts}${Date.now() % 100000}`);
    await page.goto(site.url + registration.path);
    if (scripts) await waitForLanguage(page, language);
    await expect(page.getByRole('main')).not.toContainText(/\btrue\b|\bfalse\b/);
    if (!scripts) {
      // The question, as a phone shows it without scripts (looked at for issue 44).
      await page.getByRole('button', { name: self.cancel }).click();
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByText(self.confirmCancel!).scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`cancel-question-${width}.png`) });
      }
      await page.getByRole('button', { name: self.back, exact: true }).click();
    }
    await cancelAskingFirst(page, language);
    const status = async () =>
      (
        await site.db
          .selectFrom('registrations')
          .select('status')
          .where('id', '=', registration.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('cancelled');
    if (!scripts) {
      await page.getByRole('button', { name: self.restore }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('cancelled-375.png') });
    }
    await page.getByRole('button', { name: self.restore }).click();
    await expect(page.getByText(self.restored!)).toBeVisible();
    expect(await status()).toBe('confirmed');
    await expect(page.getByRole('button', { name: self.cancel })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/\btrue\b|\bfalse\b/);
    await context.close();
  });
}
