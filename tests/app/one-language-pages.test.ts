import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { PUBLIC_PAGES } from '~/platform/paths';

// Issue 34: a page sends only its own language. Its whole HTML — the markup and the data the
// scripts hydrate with — holds none of the content's texts that exist only in the other
// language (the first content, content/initial/*.json: each { lt, en } whose texts differ).
// Before, every page's data carried both languages, so the Lithuanian page held every
// English text of what it shows. Needs a build.

type Language = 'lt' | 'en';
const CONTENT = path.resolve(import.meta.dirname, '../../content/initial');
/** Shorter texts are too likely to be shared by both languages (names, numbers). */
const MIN_LENGTH = 20;

/** The { lt, en } pairs of a content file. */
function pairs(value: unknown, out: Array<Record<Language, string>> = []) {
  if (Array.isArray(value)) for (const item of value) pairs(item, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.lt === 'string' && typeof record.en === 'string')
      out.push({ lt: record.lt, en: record.en });
    else for (const item of Object.values(record)) pairs(item, out);
  }
  return out;
}

/**
 * Each language's texts that the other language never uses, cut at placeholders, markup and
 * characters that HTML or the page data escape ("…", <a>, &), so each part appears as it is.
 */
function ownTexts(): Record<Language, string[]> {
  const all = readdirSync(CONTENT)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => pairs(JSON.parse(readFileSync(path.join(CONTENT, file), 'utf8'))));
  const parts = (text: string) => text.split(/\{\{[^}]*\}\}|[<>&"'\\\n*_[\]()#]/).map((part) => part.trim());
  const of = (language: Language) => new Set(all.flatMap((pair) => parts(pair[language])));
  const texts = { lt: of('lt'), en: of('en') };
  const own = (language: Language, other: Language) =>
    [...texts[language]].filter(
      (part) => part.length >= MIN_LENGTH && ![...texts[other]].some((shared) => shared.includes(part)),
    );
  return { lt: own('lt', 'en'), en: own('en', 'lt') };
}

describe('a page holds only its own language', () => {
  let t: TestApp;
  const own = ownTexts();
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('finds texts of each language to look for', () => {
    expect(own.lt.length).toBeGreaterThan(100);
    expect(own.en.length).toBeGreaterThan(100);
  });

  it("answers a client-side navigation's data in the language of the visitor's cookie", async () => {
    const data = async (cookie?: string) =>
      (await fetch(`${t.url}/istorija.data`, { headers: cookie ? { cookie } : {} })).text();
    const english = await data('language=en');
    expect(english).toContain('Event history');
    expect(english).not.toContain('Renginio istorija');
    const lithuanian = await data();
    expect(lithuanian).toContain('Renginio istorija');
    expect(lithuanian).not.toContain('Event history');
  });

  for (const [language, other] of [
    ['lt', 'en'],
    ['en', 'lt'],
  ] as const) {
    it(`in ${language}: no page's HTML holds a text of the ${other} content`, async () => {
      const found: string[] = [];
      let ownSeen = 0;
      for (const page of PUBLIC_PAGES) {
        const html = await (await fetch(`${t.url}${page}?lang=${language}`)).text();
        found.push(...own[other].filter((text) => html.includes(text)).map((text) => `${page}: ${text}`));
        ownSeen += own[language].filter((text) => html.includes(text)).length;
      }
      expect(found).toEqual([]);
      // The check can see texts: the pages show plenty of their own language's.
      expect(ownSeen).toBeGreaterThan(100);
    }, 120_000);
  }
});
