import { readFileSync } from 'node:fs';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, insertOrder } from '@tests/helpers/admin';
import { axeViolations, expect, signInToAdmin, test } from './fixtures';

const PASSWORD = 'Ežero-vakaras-2026!';
const PERSON = 'dalia@example.com';

// Issue 14: an organiser answers an access and erasure request in the admin area.
test('an organiser finds everything about an address, previews the erasure and erases it', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.setTimeout(90_000); // scrypt hashes on a shared machine
  // Her own address: the test site is shared by the worker's specs, and admin-team adds Rūta.
  await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'egle@example.com', firstName: 'Eglė' });
  const contact = await fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Dalia Kazlauskienė',
      email: PERSON,
      phone: '',
      subject: 'volunteers',
      message: 'Norėčiau padėti.',
      language: 'lt',
      homepage: '',
      elapsedMs: 30_000,
    }),
  });
  expect(contact.status).toBe(201);
  const order = await insertOrder(site.db, { customer_email: PERSON, customer_name: 'Dalia Kazlauskienė' });

  await signInToAdmin(page, 'egle@example.com', PASSWORD);
  await page
    .getByRole('navigation', { name: 'Administravimo meniu' })
    .getByRole('link', { name: 'Privatumas' })
    .click();
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asmens duomenys');
  // The retention overview: every kind with its period.
  await expect(page.getByText('12 mėnesių nuo išsiuntimo')).toBeVisible();
  await expect(page.getByText('6 metai, paskui nuasmeninama')).toBeVisible();

  // A bad address: a message at the field.
  await page.getByLabel('El. pašto adresas').fill('ne-adresas');
  await page.getByRole('button', { name: 'Ieškoti' }).click();
  await expect(page.getByText('Įveskite el. pašto adresą, pvz., vardas@example.com')).toBeVisible();

  await page.getByLabel('El. pašto adresas').fill('  Dalia@Example.com ');
  await page.getByRole('button', { name: 'Ieškoti' }).click();
  const results = page.getByRole('list').filter({ hasText: 'Žinutės' }).first();
  await expect(results).toContainText('Užsakymai');
  await expect(results).toContainText('Užsakymų eilutės');
  await expect(results).toContainText('Asmeninės savitarnos nuorodos');
  expect(await axeViolations(page)).toEqual([]);

  // Her data as a file, saved under the server's name, with her message in it.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Atsisiųsti failą (JSON)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as { email: string; tables: unknown };
  expect(exported.email).toBe(PERSON);
  expect(JSON.stringify(exported.tables)).toContain('Norėčiau padėti.');
  await expect(
    page.getByText('Failas atsisiųstas: perduokite jį žmogui kaip atsakymą į jo prašymą.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Peržiūrėti, kas bus ištrinta' }).click();
  const preview = page.getByRole('table');
  await expect(preview.getByRole('row', { name: /Užsakymai/ })).toContainText('Nuasmeninama');
  await expect(preview.getByRole('row', { name: /Žinutės/ })).toContainText('Ištrinama');
  // Nothing has changed yet.
  // Other specs in this worker send contact messages too: count only this person's.
  const theirs = () => site.db.selectFrom('contacts').select('id').where('email', '=', PERSON).execute();
  expect(await theirs()).toHaveLength(1);

  await page.getByRole('button', { name: 'Ištrinti', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Ištrinti viską apie ${PERSON}?`);
  await dialog.getByRole('button', { name: 'Ištrinti', exact: true }).click();
  // Issue 43: the result stays on the page: the reference to quote (as the activity log has
  // it), what was erased per table, and that nothing is stored any more.
  const result = page.getByTestId('erasure-result');
  await expect(result).toContainText(`Ištrinta: ${PERSON}`);
  const reference = (await result.locator('code').textContent())!;
  expect(reference).toMatch(/^[0-9a-f-]{36}$/);
  const audit = await site.db
    .selectFrom('audit_log')
    .select('entity_id')
    .where('action', '=', 'privacy.erase')
    .where('entity_id', '=', reference)
    .execute();
  expect(audit).toHaveLength(1);
  await expect(result.getByRole('row', { name: /Žinutės/ })).toContainText('ištrinta');
  await expect(result.getByRole('row', { name: /Užsakymai/ })).toContainText('nuasmeninta');
  await expect(result.getByRole('button', { name: 'Kopijuoti numerį' })).toBeVisible();
  await expect(page.getByText(`Apie ${PERSON} nebesaugoma nieko.`)).toBeVisible();

  expect(await theirs()).toEqual([]);
  const kept = await site.db
    .selectFrom('bbq_orders')
    .selectAll()
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  expect(kept).toMatchObject({ order_number: order.order_number, total_amount: 3998, customer_name: '' });
  expect(consoleErrors).toEqual([]);
});
