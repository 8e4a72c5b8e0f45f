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

/** The rule's failures on `path`; `checked` counts the elements it passed (so it did run). */
async function mismatches(page: Page, path: string, checked: { count: number }): Promise<string[]> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const { violations, passes } = await new AxeBuilder({ page }).withRules([RULE]).analyze();
  checked.count += passes.reduce((sum, rule) => sum + rule.nodes.length, 0);
  return violations.flatMap((v) => v.nodes.map((node) => `${path}: ${node.target.join(' ')}`));
}

test('every page names its controls with the text they show (label in name)', async ({ page, site }) => {
  test.setTimeout(60_000 + (PUBLIC_PAGES.length + ADMIN_PAGES.length) * 2 * 3_000);
  const { id } = await insertAdmin(site.db, await hashPassword('Etikete-ir-vardas-2026!'));
  const problems: string[] = [];
  const checked = { count: 0 };
  for (const language of ['lt', 'en'] as const) {
    await page.context().clearCookies();
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    for (const path of [...PUBLIC_PAGES, ...SIGNED_OUT_ADMIN_PAGES])
      problems.push(...(await mismatches(page, path, checked)));
    const [name, value] = (await sessionCookie(site, id)).split('=') as [string, string];
    await page.context().addCookies([{ name, value, url: site.url }]);
    for (const path of ADMIN_PAGES) problems.push(...(await mismatches(page, path, checked)));
  }
  expect(problems).toEqual([]);
  // The rule is experimental: a run that skipped it would find nothing, so it must have passed something.
  expect(checked.count).toBeGreaterThan(PUBLIC_PAGES.length);
});
