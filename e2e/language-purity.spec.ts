// No Lithuanian page shows text from the English packs or content and no English page shows
// Lithuanian. The strings come from src/platform/i18n/locales/<lng>/*.json (all namespaces) and
// from the content's first version, content/initial/*.json ({ lt, en } texts), so the check
// grows with every feature; it visits every page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ALL_PAGES } from '~/platform/paths';
import { expect, test, useEnglish, waitForLanguage } from './fixtures';

type Language = 'lt' | 'en';

const LOCALES = path.resolve(import.meta.dirname, '../src/platform/i18n/locales');
const CONTENT = path.resolve(import.meta.dirname, '../content/initial');

/** Shorter fragments are too likely to be shared words ("BBQ", "WhatsApp", times, prices). */
const MIN_LENGTH = 12;

/**
 * Pack strings that may legitimately appear on a page of the other language. Add proper
 * names here when a pack spells them out in a longer string of their own.
 */
const ALLOW_LIST: string[] = [];

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) leaves(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) leaves(item, out);
  return out;
}

/** The texts of one language in a content file: its { lt, en } leaves. */
function contentTexts(value: unknown, language: Language, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) contentTexts(item, language, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.lt === 'string' && typeof record.en === 'string') out.push(record[language] as string);
    else for (const item of Object.values(record)) contentTexts(item, language, out);
  }
  return out;
}

function packStrings(language: Language): string[] {
  const dir = path.join(LOCALES, language);
  const packs = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => leaves(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))));
  const content = readdirSync(CONTENT)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => contentTexts(JSON.parse(readFileSync(path.join(CONTENT, file), 'utf8')), language));
  return [...packs, ...content].map(normalise);
}

/**
 * The strings of `own` that give its language away: the literal parts around {{placeholders}}
 * and <tags>, long enough, and not found anywhere in the other language's packs (identical
 * strings and shared proper names drop out by themselves).
 */
function distinctive(own: string[], other: string[]): string[] {
  const otherText = other.join('\n');
  const allowed = new Set(ALLOW_LIST.map(normalise));
  const fragments = own.flatMap((text) => text.split(/\{\{[^}]*\}\}|<[^>]*>/).map((part) => part.trim()));
  return [...new Set(fragments)].filter(
    (fragment) => fragment.length >= MIN_LENGTH && !otherText.includes(fragment) && !allowed.has(fragment),
  );
}

const ltStrings = packStrings('lt');
const enStrings = packStrings('en');
/** Strings that must not appear on a page shown in the given language. */
const FOREIGN: Record<Language, string[]> = {
  lt: distinctive(enStrings, ltStrings),
  en: distinctive(ltStrings, enStrings),
};

/** Everything a visitor or a screen reader gets from the page, lower-cased. */
async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap(
      (element) =>
        ['aria-label', 'alt', 'title', 'placeholder']
          .map((name) => element.getAttribute(name))
          .filter((value): value is string => Boolean(value)),
    );
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
  return normalise(text);
}

function foreignStringsIn(text: string, language: Language): string[] {
  return FOREIGN[language].filter((fragment) => text.includes(fragment));
}

test('the pack string lists are substantial and the checker catches a planted string', async ({ page }) => {
  expect(FOREIGN.lt.length).toBeGreaterThan(100);
  expect(FOREIGN.en.length).toBeGreaterThan(100);
  await page.goto('/');
  await waitForLanguage(page, 'lt');
  expect(foreignStringsIn(await pageText(page), 'lt')).toEqual([]);
  // Put an English pack string on the Lithuanian page: the check must notice it.
  const planted = FOREIGN.lt[0]!;
  await page.evaluate((text) => {
    const p = document.createElement('p');
    p.textContent = text;
    document.querySelector('main')?.append(p);
  }, planted);
  expect(foreignStringsIn(await pageText(page), 'lt')).toContain(planted);
});

for (const url of ALL_PAGES) {
  for (const language of ['lt', 'en'] as const) {
    test(`${url} in ${language} shows no ${language === 'lt' ? 'English' : 'Lithuanian'} pack strings`, async ({
      page,
    }) => {
      if (language === 'en') await useEnglish(page);
      await page.goto(url);
      await waitForLanguage(page, language);
      // Pages that load data or redirect (orders, admin) settle first.
      await page.waitForLoadState('networkidle');
      await waitForLanguage(page, language);
      expect(foreignStringsIn(await pageText(page), language)).toEqual([]);
    });
  }
}
