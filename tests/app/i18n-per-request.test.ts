import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import type { Language } from '~/platform/i18n/languages';
import { withoutScripts } from '~/platform/render/page-store.server';

// Issue 29: every server render has its own translator in the page's language, so
// renders in two languages run at the same time without seeing each other's language. They
// used to share one instance, switched per render, behind a queue; without the queue, the
// renders started together all came out in the language switched to last.

/** Pages with dates and money in both languages' formats. */
const PAGES = ['/', '/apie-rengini', '/registracija'];

/** What only a page in this language shows (the page's markup, not its hydration data). */
const SIGNS: Record<Language, { has: (string | RegExp)[]; never: (string | RegExp)[] }> = {
  lt: {
    has: ['<html lang="lt"', 'Pereiti prie turinio', 'rugpjūčio', /\d\u00a0£/],
    never: ['<html lang="en"', 'Skip to content', 'August', /£\d/],
  },
  en: {
    has: ['<html lang="en"', 'Skip to content', 'August', /£\d/],
    never: ['<html lang="lt"', 'Pereiti prie turinio', 'rugpjūčio', /\d\u00a0£/],
  },
};

const found = (html: string, sign: string | RegExp) =>
  typeof sign === 'string' ? html.includes(sign) : sign.test(html);

/** The signs that are wrong for `language` in `html`: [] when it is all in that language. */
function wrongSigns(html: string, language: Language): string[] {
  const page = withoutScripts(html);
  const { has, never } = SIGNS[language];
  return [
    ...has.filter((sign) => !found(page, sign)).map((sign) => `missing ${String(sign)}`),
    ...never.filter((sign) => found(page, sign)).map((sign) => `has ${String(sign)}`),
  ];
}

describe.each(DEFAULT_TEST_DATABASE)('a translator per server render on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { renderPagesAtStart: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('24 interleaved Lithuanian and English renders at the same time each come out in their own language', async () => {
    const renders = Array.from({ length: 4 }, () =>
      PAGES.flatMap((url) => (['lt', 'en'] as const).map((language) => ({ url, language }))),
    ).flat();
    // As a form posted to its page is answered: the page rendered for that one request.
    const pages = await Promise.all(
      renders.map(async ({ url, language }) => {
        const { status, html } = await t.app.site!.renderLive(url, language);
        return { url, language, status, wrong: wrongSigns(html, language) };
      }),
    );
    expect(pages.filter((page) => page.status !== 200 || page.wrong.length > 0)).toEqual([]);
  }, 180_000);
});
