// Issue 31 (3): a control's accessible name contains the text it shows (WCAG 2.5.3 "label in
// name"), so a voice-control user can say what they see. axe's rule for it is experimental and
// off by default: one run of that rule alone on every page, public and admin, in both languages.
// The pages are shared out among several tests (by language and page group) so that the two
// workers run them side by side: as one test it held a worker for about 3 minutes (167 s of a
// 15-minute CI run, the run's longest test).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ALL_PAGES, PATHS, adminContentPath } from '~/platform/paths';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { expect, test, type Site } from './fixtures';

const RULE = 'label-content-name-mismatch';
const SIGNED_OUT_ADMIN_PAGES: string[] = [PATHS.adminLogin, PATHS.adminSetup, PATHS.adminInvitation];
const ADMIN_PAGES = [
  ...ALL_PAGES.filter((path) => path.startsWith(PATHS.admin) && !SIGNED_OUT_ADMIN_PAGES.includes(path)),
  adminContentPath('page.faq'),
];
const PUBLIC_PAGES = ALL_PAGES.filter((path) => !path.startsWith(PATHS.admin));
/** Public pages per test: a few seconds each on a busy machine. */
const GROUP_SIZE = 20;
const PUBLIC_GROUPS = Array.from({ length: Math.ceil(PUBLIC_PAGES.length / GROUP_SIZE) }, (_, index) =>
  PUBLIC_PAGES.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
);

interface Found {
  problems: string[];
  /**
   * Elements the rule passed. The public and signed-out pages have none (measured), the
   * signed-in admin pages some; that the rule ran at all is checked on each page.
   */
  passed: number;
}

/** Runs the rule alone on the page now open. */
async function mismatches(page: Page, found: Found) {
  const results = await new AxeBuilder({ page }).withRules([RULE]).analyze();
  // The rule is experimental: it must be among the rules that ran on this page.
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable].some((list) =>
    list.some((rule) => rule.id === RULE),
  );
  expect(ran, `${RULE} ran on ${page.url()}`).toBe(true);
  found.passed += results.passes.reduce((sum, rule) => sum + rule.nodes.length, 0);
  found.problems.push(
    ...results.violations.flatMap((v) => v.nodes.map((node) => `${page.url()}: ${node.target.join(' ')}`)),
  );
}

/** Each page's allowance: its load (an admin page's scripts too) and axe's run on a busy machine. */
const perPage = (pages: readonly string[]) => 60_000 + pages.length * 2 * 4_000;

for (const language of ['lt', 'en'] as const) {
  PUBLIC_GROUPS.forEach((pages, index) => {
    test(`public pages ${index + 1}/${PUBLIC_GROUPS.length} in ${language} name their controls with the text they show`, async ({
      page,
    }) => {
      test.setTimeout(perPage(pages));
      const found: Found = { problems: [], passed: 0 };
      // Public pages as the server sends them: their names are in the HTML, and hydration keeps
      // it (React reuses the markup), so their scripts are not waited for.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const path of pages) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
        await mismatches(page, found);
      }
      expect(found.problems).toEqual([]);
    });
  });

  // The admin area draws itself with its scripts: each page once they have run.
  for (const signedIn of [false, true]) {
    const pages = signedIn ? ADMIN_PAGES : SIGNED_OUT_ADMIN_PAGES;
    test(`admin pages ${signedIn ? 'signed in' : 'signed out'} in ${language} name their controls with the text they show`, async ({
      page,
      site,
    }) => {
      test.setTimeout(perPage(pages));
      const found: Found = { problems: [], passed: 0 };
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      // An admin exists either way, as on a site in use (the setup page then says so).
      const cookie = await adminSession(site);
      if (signedIn) await page.context().addCookies([{ ...cookie, url: site.url }]);
      for (const path of pages) {
        await page.goto(path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await mismatches(page, found);
      }
      expect(found.problems).toEqual([]);
      // The signed-in pages have controls the rule passes (named by aria-label with their text).
      if (signedIn) expect(found.passed).toBeGreaterThan(0);
    });
  }
}

async function adminSession(site: Site) {
  const { id } = await insertAdmin(site.db, await hashPassword('Etikete-ir-vardas-2026!'));
  const [name, value] = (await sessionCookie(site, id)).split('=') as [string, string];
  return { name, value };
}
