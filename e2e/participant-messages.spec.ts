import { readFileSync } from 'node:fs';
import { insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { expect, outboxIdle, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 32: an organiser writes a message in both languages, previews both e-mails, sends it
// to everyone registered and watches it go; each person gets it once, in their language.

// Signs an admin in: a site of its own (the setup spec expects a site with no admin yet). Ten
// mails a second: the throttle is seen, the test does not wait long.
const test = base.extend({ site: siteFixture({ MESSAGE_MAILS_PER_MINUTE: '600' }) });

type Texts = Record<string, string>;
interface Pack {
  title: string;
  audiences: Texts;
  compose: Texts;
  preview: Texts;
  errors: Texts;
  status: Texts;
}
const lt = JSON.parse(readFileSync('src/platform/i18n/locales/lt/participantMessages.json', 'utf8')) as Pack;

test('an organiser writes, previews and sends a message; each person gets it once in their language', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'messages-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  const suffix = Math.random().toString(36).slice(2, 8);
  const people = [
    { first_name: 'Aldona', email: `aldona-${suffix}@example.com`, language: 'lt', status: 'confirmed' },
    { first_name: 'Brian', email: `brian-${suffix}@example.com`, language: 'en', status: 'new' },
    { first_name: 'Cecilija', email: `cecilija-${suffix}@example.com`, language: 'lt', status: 'new' },
  ];
  for (const person of people) await insertRegistration(site.db, person);
  const cancelled = `cancelled-${suffix}@example.com`;
  await insertRegistration(site.db, { email: cancelled, status: 'cancelled' });

  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: site.url }]);
  await page.goto('/admin/messages');
  await waitForLanguage(page, 'lt');
  await expect(page.getByRole('heading', { level: 1, name: lt.title })).toBeVisible();

  // The group and how many it reaches.
  await page
    .getByRole('radio', { name: new RegExp(lt.audiences!.registered!.replace(/[()]/g, '\\$&')) })
    .check();
  await expect(page.getByTestId('count-registered')).toHaveText('3 registracijos3 el. pašto adresai');

  const ltPart = page.getByRole('group', { name: lt.compose!.lt });
  const enPart = page.getByRole('group', { name: lt.compose!.en });
  // Too short first: a translated error, nothing saved.
  await ltPart.getByLabel(lt.compose!.subject!).fill('x');
  await page.getByRole('button', { name: lt.compose!.preview }).click();
  await expect(ltPart.getByLabel(lt.compose!.subject!)).toHaveAccessibleDescription(lt.errors!.subjectShort!);

  await ltPart.getByLabel(lt.compose!.subject!).fill('Atvykimo laikas {{year}}');
  await ltPart.getByLabel(lt.compose!.body!).fill('Atvykite nuo {{checkIn}}.\n\nIki pasimatymo!');
  await enPart.getByLabel(lt.compose!.subject!).fill('Arrival time {{year}}');
  await enPart.getByLabel(lt.compose!.body!).fill('Arrive from {{checkIn}}.\n\nSee you soon!');
  await page.getByRole('button', { name: lt.compose!.preview }).click();

  // Both e-mails as they will look, event facts filled in.
  const ltFrame = page.frameLocator('iframe[title="Laiško peržiūra (Lietuviškai)"]');
  const enFrame = page.frameLocator('iframe[title="Laiško peržiūra (Angliškai)"]');
  await expect(ltFrame.getByRole('heading', { name: /^Atvykimo laikas 20\d\d$/ })).toBeVisible();
  await expect(enFrame.getByText(/^Arrive from \d{1,2}:\d\d/)).toBeVisible();
  await expect(page.getByText(/Tema: Atvykimo laikas 20\d\d/)).toBeVisible();
  await expect(ltFrame.locator('script')).toHaveCount(0);

  await page.getByRole('button', { name: 'Siųsti į 3 el. pašto adresus' }).click();
  // A double click on "yes": one request's key, one mail each.
  await page.getByRole('button', { name: lt.preview!.yes }).dblclick();

  const card = page.locator('article', { hasText: /Atvykimo laikas/ });
  await expect(card.getByTestId('message-progress')).toHaveText('Išsiųsta 3 · eilėje 0 · nepavyko 0 iš 3', {
    timeout: 30_000,
  });
  await expect(card.getByText(lt.status!.sent!, { exact: true })).toBeVisible();

  const received = (email: string) =>
    site.smtp.messages.filter((mail) => JSON.stringify(mail.to ?? '').includes(email));
  await expect.poll(() => people.every((person) => received(person.email).length > 0)).toBe(true);
  // Nothing more comes: one message was made of the double click, the outbox has sent all it
  // holds, and each got exactly one e-mail, in their own language.
  expect(await site.db.selectFrom('participant_messages').select('status').execute()).toEqual([
    { status: 'sent' },
  ]);
  await outboxIdle(site);
  for (const person of people) expect(received(person.email), person.email).toHaveLength(1);
  expect(received(cancelled)).toHaveLength(0);
  expect(received(people[1]!.email)[0]!.subject).toMatch(/^Arrival time 20\d\d$/);
  expect(received(people[1]!.email)[0]!.text).toContain('See you soon!');
  expect(received(people[0]!.email)[0]!.subject).toMatch(/^Atvykimo laikas 20\d\d$/);
  expect(received(people[2]!.email)[0]!.text).toContain('Iki pasimatymo!');
  // Chromium reports Playwright's own selector script, run inside the sandboxed previews to
  // find the texts above, as blocked (as in security.spec.ts); the e-mail itself has none.
  const playwrightInFrame = /^Blocked script execution in 'about:srcdoc'/;
  expect(consoleErrors.filter((error) => !playwrightInFrame.test(error))).toEqual([]);
});
