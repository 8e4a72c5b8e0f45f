// Issue 31 (3): a control's accessible name contains the text it shows (WCAG 2.5.3 "label in
// name"), so a voice-control user can say what they see. axe's rule for it is experimental and
// off by default: one run of that rule alone on every page, public and admin, in both languages.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ALL_PAGES, PATHS, adminContentPath } from '~/platform/paths';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { expect, test } from './fixtures';

const RULE = 'label-content-name-mismatch';
const SIGNED_OUT_ADMIN_PAGES: string[] = [PATHS.adminLogin, PATHS.adminSetup, PATHS.adminInvitation];
const ADMIN_PAGES = [
  ...ALL_PAGES.filter((path) => path.startsWith(PATHS.admin) && !SIGNED_OUT_ADMIN_PAGES.includes(path)),
  adminContentPath('page.faq'),
];
const PUBLIC_PAGES = ALL_PAGES.filter((path) => !path.startsWith(PATHS.admin));

/** The rule's failures on the page now open; `checked` counts the elements it passed (so it did run). */
async function mismatches(page: Page, checked: { count: number }): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page }).withRules([RULE]).analyze();
  checked.count += passes.reduce((sum, rule) => sum + rule.nodes.length, 0);
  return violations.flatMap((v) => v.nodes.map((node) => `${page.url()}: ${node.target.join(' ')}`));
}

test('every page names its controls with the text they show (label in name)', async ({ page, site }) => {
  // Each page in two languages; an admin page also waits for its scripts. Measured: 193 s in all
  // at a load average of 21 (axe's run about 1.7 s of each public page there).
  test.setTimeout(
    60_000 + (PUBLIC_PAGES.length + (ADMIN_PAGES.length + SIGNED_OUT_ADMIN_PAGES.length) * 2) * 2 * 4_000,
  );
  const problems: string[] = [];
  const checked = { count: 0 };
  // Public pages as the server sends them: their names are in the HTML, and hydration keeps
  // it (React reuses the markup), so their scripts are not waited for.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  for (const language of ['lt', 'en'] as const)
    for (const path of PUBLIC_PAGES) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
      problems.push(...(await mismatches(page, checked)));
    }
  await page.unrouteAll();
  // The admin area draws itself with its scripts: each page once they have run.
  const { id } = await insertAdmin(site.db, await hashPassword('Etikete-ir-vardas-2026!'));
  const [name, value] = (await sessionCookie(site, id)).split('=') as [string, string];
  for (const language of ['lt', 'en'] as const) {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    for (const [signedIn, paths] of [
      [false, SIGNED_OUT_ADMIN_PAGES],
      [true, ADMIN_PAGES],
    ] as const) {
      if (signedIn) await page.context().addCookies([{ name, value, url: site.url }]);
      else await page.context().clearCookies();
      for (const path of paths) {
        await page.goto(path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        problems.push(...(await mismatches(page, checked)));
      }
    }
  }
  expect(problems).toEqual([]);
  // The rule is experimental: a run that skipped it would find nothing, so it must have passed something.
  expect(checked.count).toBeGreaterThan(PUBLIC_PAGES.length);
});
