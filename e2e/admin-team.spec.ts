import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin } from '@tests/helpers/admin';
import { axeViolations, expect, signInToAdmin, test, waitForLanguage } from './fixtures';

const PASSWORD = 'Ežero-vakaras-2026!';
const INVITEE_PASSWORD = 'Laužas-prie-ežero-2026';

test('an owner invites a second admin, who opens the e-mailed link, chooses a password and signs in', async ({
  page,
  browser,
  site,
  consoleErrors,
}) => {
  test.setTimeout(90_000); // scrypt hashes on a shared machine
  await insertAdmin(site.db, await hashPassword(PASSWORD), {
    email: 'ruta@example.com',
    firstName: 'Rūta',
    role: 'owner',
  });

  // Rūta signs in and opens the team page from the admin menu.
  await signInToAdmin(page, 'ruta@example.com', PASSWORD);
  await page
    .getByRole('navigation', { name: 'Administravimo meniu' })
    .getByRole('link', { name: 'Administratoriai' })
    .click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administratoriai');
  const rutaCard = page.getByRole('article').filter({ hasText: 'ruta@example.com' });
  await expect(rutaCard).toContainText('Jūs');
  await expect(rutaCard).toContainText('Savininkas');
  await expect(rutaCard.getByRole('button', { name: 'Išjungti' })).toHaveCount(0); // not oneself
  await expect(page.getByText('Laukiančių kvietimų nėra.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The invitation, in English.
  await page.getByLabel('Vardas').fill('Jonas');
  await page.getByLabel('El. paštas').fill('jonas@example.com');
  await page.getByLabel('Laiško kalba').selectOption('en');
  await page.getByRole('button', { name: 'Siųsti kvietimą' }).click();
  await expect(page.getByText('Kvietimas išsiųstas: jonas@example.com')).toBeVisible();
  const invitationCard = page.getByRole('article').filter({ hasText: 'jonas@example.com' });
  await expect(invitationCard).toContainText('Laukia');
  await expect(invitationCard).toContainText('English');

  // Inviting an active admin's address is refused with a clear reason.
  await page.getByLabel('Vardas').fill('Rūta');
  await page.getByLabel('El. paštas').fill('ruta@example.com');
  await page.getByRole('button', { name: 'Siųsti kvietimą' }).click();
  await expect(page.getByText('Šiuo el. pašto adresu jau yra aktyvus administratorius')).toBeVisible();

  // The e-mail, as Jonas receives it.
  const [mail] = await site.smtp.waitForMessages(1);
  expect(mail!.to).toMatchObject({ text: 'jonas@example.com' });
  expect(mail!.subject).toBe('Invitation to the Lithuanian BBQ Weekend in Wales admin area');
  const link = /https?:\/\/\S+\/admin\/invitation\?lang=en#token=[\w-]+/.exec(mail!.text!)?.[0];
  expect(link).toBeDefined();
  const { pathname, search, hash } = new URL(link!);

  // Jonas, in his own browser, opens the link, chooses a password and is signed in.
  const jonasContext = await browser.newContext({ baseURL: site.url });
  const jonas = await jonasContext.newPage();
  const jonasErrors: string[] = [];
  jonas.on('pageerror', (error) => jonasErrors.push(error.message));
  await jonas.goto(`${pathname}${search}${hash}`);
  await waitForLanguage(jonas, 'en');
  await expect(jonas.getByRole('heading', { level: 1 })).toHaveText('Join the admin area');
  await expect(
    jonas.getByText('Hello, Jonas! Choose a password for your administrator account jonas@example.com.'),
  ).toBeVisible();
  expect(await axeViolations(jonas)).toEqual([]);
  await jonas.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
  await jonas.getByLabel('Repeat the password').fill(INVITEE_PASSWORD);
  await jonas.getByRole('button', { name: 'Create my account' }).click();
  await expect(jonas).toHaveURL(/\/admin$/);
  await expect(jonas.getByText('Hello, Jonas!', { exact: true })).toBeVisible();

  // The link was single use.
  await jonas.goto(`${pathname}${search}${hash}`);
  await waitForLanguage(jonas, 'en');
  await expect(jonas.getByRole('heading', { level: 1 })).toHaveText('This invitation link does not work');
  await expect(jonas.getByText('This invitation has already been used.')).toBeVisible();

  // Signed out, Jonas signs in again with the password he chose.
  await jonas.goto('/admin?lang=en');
  await waitForLanguage(jonas, 'en');
  await jonas.getByRole('button', { name: 'Sign out' }).click();
  await expect(jonas).toHaveURL(/\/admin\/login$/);
  await jonas.getByLabel('E-mail').fill('jonas@example.com');
  await jonas.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
  await jonas.getByRole('button', { name: 'Sign in' }).click();
  await expect(jonas).toHaveURL(/\/admin$/);
  await expect(jonas.getByText('Hello, Jonas!', { exact: true })).toBeVisible();

  // Jonas is a plain admin: he sees the team and the roles, but only owners manage it.
  await jonas.goto('/admin/team?lang=en');
  await waitForLanguage(jonas, 'en');
  await expect(
    jonas.getByText('Only owners invite, deactivate and reactivate administrators and choose owners.'),
  ).toBeVisible();
  await expect(jonas.getByRole('article').filter({ hasText: 'ruta@example.com' })).toContainText('Owner');
  await expect(jonas.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(jonas.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await expect(jonas.getByRole('button', { name: 'Make owner' })).toHaveCount(0);
  expect(await axeViolations(jonas)).toEqual([]);
  expect(jonasErrors).toEqual([]);
  // Only owners may download a backup: the refusal is a translated message, not a saved file.
  let saved = false;
  jonas.on('download', () => (saved = true));
  await jonas.getByRole('button', { name: 'Download a backup' }).click();
  await expect(jonas.locator('[data-sonner-toast][data-type="error"]')).toContainText(
    'The backup could not be made',
  );
  expect(saved).toBe(false);

  // Rūta's list now shows Jonas as an active admin, and no pending invitation.
  await page.reload();
  await waitForLanguage(page, 'lt');
  const jonasCard = page.getByRole('article').filter({ hasText: 'jonas@example.com' });
  await expect(jonasCard).toContainText('Aktyvus');
  await expect(jonasCard).toContainText('Administratorius');
  await expect(page.getByText('Laukiančių kvietimų nėra.')).toBeVisible();

  // Rūta makes Jonas an owner (after a confirmation), and takes it away again.
  await jonasCard.getByRole('button', { name: 'Padaryti savininku' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Padaryti jonas@example.com savininku?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Padaryti savininku' }).click();
  await expect(page.getByText('Administratorius dabar yra savininkas')).toBeVisible();
  await expect(jonasCard).toContainText('Savininkas');
  await jonasCard.getByRole('button', { name: 'Atimti savininko teises' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Atimti savininko teises' }).click();
  await expect(page.getByText('Savininko teisės atimtos', { exact: true })).toBeVisible();
  await expect(jonasCard.getByRole('button', { name: 'Padaryti savininku' })).toBeVisible();

  // Rūta deactivates Jonas (after a confirmation): his session ends at once.
  await jonasCard.getByRole('button', { name: 'Išjungti' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Išjungti jonas@example.com?');
  await confirm.getByRole('button', { name: 'Išjungti' }).click();
  await expect(page.getByText('Administratorius išjungtas')).toBeVisible();
  await expect(jonasCard).toContainText('Išjungtas');
  await expect(jonasCard.getByRole('button', { name: 'Vėl įjungti' })).toBeVisible();
  await jonas.goto('/admin?lang=en');
  await expect(jonas).toHaveURL(/\/admin\/login$/);
  await jonasContext.close();

  // Rūta changes her own password: the current one is checked first.
  await page.getByLabel('Dabartinis slaptažodis').fill('ne-mano-slaptažodis');
  await page.getByLabel('Naujas slaptažodis').fill(INVITEE_PASSWORD);
  await page.getByLabel('Pakartokite naują slaptažodį').fill(INVITEE_PASSWORD);
  await page.getByRole('button', { name: 'Pakeisti slaptažodį' }).click();
  await expect(page.getByText('Dabartinis slaptažodis neteisingas')).toBeVisible();
  await page.getByLabel('Dabartinis slaptažodis').fill(PASSWORD);
  await page.getByRole('button', { name: 'Pakeisti slaptažodį' }).click();
  await expect(page.getByText('Slaptažodis pakeistas')).toBeVisible();
  await page.reload();
  await waitForLanguage(page, 'lt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administratoriai'); // still signed in

  // The only console errors are the browser's notes of the refused requests (409, 400).
  expect(consoleErrors.filter((e) => !/status of (409|400)/.test(e))).toEqual([]);
});
