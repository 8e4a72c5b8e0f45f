import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, insertRegistration } from '@tests/helpers/admin';
import {
  axeViolations,
  expect,
  signInToAdmin,
  siteFixture,
  test as base,
  useEnglish,
  waitForLanguage,
} from './fixtures';

// Issue 47, the volunteer rota as the organisers build it: two tasks created on the page, a
// participant placed in a slot, the gap highlighted and gone, the grid as it prints.

// Its own server: its tasks and helpers are not the other specs'.
const test = base.extend({ site: siteFixture() });

const PASSWORD = 'Budejimai-prie-lauzo-2026!';

test('an organiser creates two tasks, places a participant, and the grid and its print show them', async ({
  page,
  site,
  consoleErrors,
}) => {
  await insertAdmin(site.db, await hashPassword(PASSWORD), { email: 'rota@example.com' });
  await insertRegistration(site.db, { first_name: 'Aistė', email: 'aiste@example.com', status: 'confirmed' });
  await signInToAdmin(page, 'rota@example.com', PASSWORD);
  await useEnglish(page);
  await page.goto('/admin/rota');
  await waitForLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Volunteer rota' })).toBeVisible();
  await expect(page.getByText('No tasks yet for this edition')).toBeVisible();

  const create = async (lt: string, en: string, start: string, end: string, helpers: string) => {
    const form = page.getByRole('group', { name: 'The task and its first slot' });
    await form.getByLabel('Name in Lithuanian').fill(lt);
    await form.getByLabel('Name in English').fill(en);
    await form.getByLabel('Starts (UK time)').fill(start);
    await form.getByLabel('Ends (UK time)').fill(end);
    await form.getByLabel('Helpers needed').fill(helpers);
    await page.getByRole('button', { name: 'Create the task' }).click();
  };
  // A slot that ends before it starts is refused on its field; nothing is created.
  await create('Vartai', 'Gate', '2026-08-15T10:00', '2026-08-15T08:00', '2');
  await expect(page.getByText('The slot must end after it starts.')).toBeVisible();
  await create('Vartai', 'Gate', '2026-08-15T08:00', '2026-08-15T10:00', '2');
  await expect(page.locator('[data-slot]')).toHaveCount(1);
  await create('Laužo priežiūra', 'Fire watch', '2026-08-15T20:00', '2026-08-15T23:00', '1');
  await expect(page.locator('[data-slot]')).toHaveCount(2);

  // The fire watch misses its one helper until Aistė is placed there.
  const fire = page.locator('[data-slot]').filter({ hasText: 'Fire watch' });
  await expect(fire).toContainText('1 of 1 still missing');
  await fire
    .getByRole('combobox', { name: /Participant to place/ })
    .selectOption({ label: 'Aistė Žemaitytė' });
  await fire.getByRole('button', { name: 'Place' }).click();
  await expect(fire).toContainText('All 1 in place');
  await expect(fire).toContainText('Aistė Žemaitytė');
  expect(await axeViolations(page)).toEqual([]);

  // On paper: the grid with the names, without the controls or the admin's frame.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Create the task' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeHidden();
  await expect(fire).toContainText('Aistė Žemaitytė');
  await expect(page.getByText('Gate', { exact: false }).first()).toBeVisible();
  // The refused slot's 400 is the browser's own note of it; nothing else.
  expect(consoleErrors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);
});
