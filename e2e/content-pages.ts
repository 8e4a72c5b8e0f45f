// Helpers shared by the content page specs (guides.spec.ts, partner.spec.ts).
import type { Page } from '@playwright/test';
import { axeViolations, expect, useEnglish, waitForLanguage } from './fixtures';

export type Language = 'lt' | 'en';

/** Opens `path` in `language` and waits for hydration; returns the document response. */
export async function open(page: Page, path: string, language: Language) {
  if (language === 'en') await useEnglish(page);
  const response = await page.goto(path);
  await waitForLanguage(page, language);
  return response;
}

export interface PageCase {
  path: string;
  h1: Record<Language, string | RegExp>;
  /** Texts that must be visible on the page. */
  facts: Record<Language, Array<string | RegExp>>;
}

/**
 * The checks every content page passes in each language: HTTP 200, exactly one <h1> with
 * the right text, its key facts visible, a title and description, no axe violations and
 * no horizontal scrolling at 375 px. Console errors are checked by the caller's fixture.
 */
export async function checkContentPage(page: Page, pageCase: PageCase, language: Language) {
  const response = await open(page, pageCase.path, language);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageCase.h1[language]);
  for (const fact of pageCase.facts[language]) {
    await expect(page.getByText(fact, { exact: typeof fact === 'string' }).first()).toBeVisible();
  }
  await expect(page).toHaveTitle(/\S/);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
