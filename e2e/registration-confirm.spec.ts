import { readFileSync } from 'node:fs';
import { insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { expect, siteFixture, test as base, waitForLanguage } from './fixtures';

// Issue 32: an organiser confirms a registration from its card, then the rest at once; each
// participant receives the confirmation e-mail in their own language.

// Signs an admin in: a site of its own (the setup spec expects a site with no admin yet).
const test = base.extend({ site: siteFixture() });

const lt = JSON.parse(readFileSync('src/platform/i18n/locales/lt/admin.json', 'utf8')) as {
  registrations: { confirm: string; confirmAll: string; confirmAllYes: string };
  values: { registration: { confirmed: string } };
};

test('an organiser confirms one registration, then all new ones; each participant gets the e-mail', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const admin = await insertAdmin(site.db, 'scrypt$17$8$1$x$y', { email: 'confirm-e2e@example.com' });
  const cookie = await sessionCookie(site, admin.id);
  const suffix = Math.random().toString(36).slice(2, 8);
  const people = [
    { first_name: `Aldona${suffix}`, email: `aldona-${suffix}@example.com`, language: 'lt' },
    { first_name: `Brian${suffix}`, email: `brian-${suffix}@example.com`, language: 'en' },
    { first_name: `Cecilija${suffix}`, email: `cecilija-${suffix}@example.com`, language: 'lt' },
  ];
  for (const person of people) await insertRegistration(site.db, person);

  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: site.url }]);
  await page.goto(`/admin?tab=registrations`);
  await waitForLanguage(page, 'lt');
  await page.getByRole('searchbox').fill(people[0]!.first_name);
  const card = page.locator('article', { hasText: people[0]!.first_name });
  await card.getByRole('button', { name: lt.registrations.confirm, exact: true }).click();
  await expect(card.getByText(lt.values.registration.confirmed, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: lt.registrations.confirm, exact: true })).toHaveCount(0);

  const received = (email: string) =>
    site.smtp.messages.find((mail) => JSON.stringify(mail.to ?? '').includes(email));
  await expect.poll(() => received(people[0]!.email)?.subject ?? '').toMatch(/^Registracija patvirtinta/);

  await page.getByRole('button', { name: lt.registrations.confirmAll }).click();
  await page.getByRole('button', { name: lt.registrations.confirmAllYes }).click();
  await expect.poll(() => received(people[1]!.email)?.subject ?? '').toMatch(/^Registration confirmed/);
  await expect.poll(() => received(people[2]!.email)?.subject ?? '').toMatch(/^Registracija patvirtinta/);
  expect(received(people[1]!.email)?.text).toContain(
    `${people[1]!.first_name}, your registration is confirmed`,
  );
  // Each got exactly one.
  for (const person of people)
    expect(site.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(person.email))).toHaveLength(
      1,
    );
  expect(consoleErrors).toEqual([]);
});
