import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContentType } from './content-type';
import en from '~/platform/i18n/locales/en/content.json' with { type: 'json' };
import lt from '~/platform/i18n/locales/lt/content.json' with { type: 'json' };
import { localized, richText } from './fields';
import { MAX_NESTING, parseRichText, richTextProblem, richTextsOf } from './rich-text-loader';
import type { RichBlock } from './rich-text';
import { RichText } from './RichText';
import { JOINED_WORDS, STACK_OVERFLOWING_TEXTS } from '@tests/helpers/long-texts';

const html = (blocks: RichBlock[]) => {
  const router = createMemoryRouter([{ path: '/', element: <RichText blocks={blocks} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe('formatted text', () => {
  it('keeps paragraphs, headings, lists, emphasis and links', () => {
    const markdown = [
      '## Ką atsivežti',
      '',
      'Pirmoji pastraipa su **paryškinimu** ir *kursyvu*.',
      '',
      '- palapinę',
      '- [taisykles](/saugumas)',
      '',
      '1. vienas',
      '2. du',
      '',
      'Rašykite [mums](mailto:info@example.com) arba [žiūrėkite](https://example.com/a?b=1).',
    ].join('\n');
    expect(html(parseRichText(markdown))).toBe(
      '<div class="space-y-4">' +
        '<h3 class="pt-2 text-xl font-bold">Ką atsivežti</h3>' +
        '<p>Pirmoji pastraipa su <strong class="font-semibold">paryškinimu</strong> ir <em>kursyvu</em>.</p>' +
        '<ul class="space-y-1 ps-6 text-start list-disc"><li class="space-y-2"><p>palapinę</p></li>' +
        '<li class="space-y-2"><p><a class="font-semibold text-ember-700 underline underline-offset-2" href="/saugumas" data-discover="true">taisykles</a></p></li></ul>' +
        '<ol class="space-y-1 ps-6 text-start list-decimal"><li class="space-y-2"><p>vienas</p></li><li class="space-y-2"><p>du</p></li></ol>' +
        '<p>Rašykite <a href="mailto:info@example.com" class="font-semibold text-ember-700 underline underline-offset-2">mums</a> ' +
        'arba <a href="https://example.com/a?b=1" class="font-semibold text-ember-700 underline underline-offset-2">žiūrėkite</a>.</p>' +
        '</div>',
    );
  });

  it('never lets HTML or script links through: they stay words', () => {
    const blocks = parseRichText(
      'A <script>alert(1)</script> <b onclick="x()">b</b> [click](javascript:alert(1)) [far](//evil.example)\n\n<div>block</div>',
    );
    const out = html(blocks);
    expect(out).not.toMatch(/<script|<b |<div>block|href="javascript|href="\/\/evil/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('click');
    expect(out).toContain('far');
  });

  it('finds every formatted text of a document by its place, in lists too', () => {
    const type = defineContentType({
      id: 't',
      label: 't',
      pages: [],
      schema: z.object({
        title: localized({ label: 'x' }),
        intro: richText({ label: 'x' }),
        years: z.array(z.object({ description: richText({ label: 'x' }) })),
      }),
    });
    const found = richTextsOf(type, {
      title: { lt: 'a', en: 'b' },
      intro: { lt: '**A**', en: 'B' },
      years: [{ description: { lt: 'c', en: 'd' } }, { description: { lt: '- e', en: 'f' } }],
    });
    expect(Object.keys(found)).toEqual(['intro', 'years.0.description', 'years.1.description']);
    expect(found.intro?.lt).toEqual([
      { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', text: 'A' }] }] },
    ]);
    expect(found['years.1.description']?.lt[0]?.type).toBe('list');
  });

  it('keeps links to other sites out of the site’s own pages (issue 28, finding 11)', () => {
    const out = html(
      parseRichText('[a](/\\evil.example/x) [b](</\t/evil.example/x>) [c](//evil.example) [d](/istorija)'),
    );
    expect(out).not.toMatch(/evil\.example/);
    expect(out).toMatch(/href="\/istorija"/);
    for (const markdown of [
      '[x](/\\evil.example/x)',
      '[x](</\t/evil.example/x>)',
      '[x](//evil.example)',
      '[x](javascript:alert(1))',
      '- a\n  - [x](<data:text/html,x>)',
      '**[x](//evil.example)**',
    ])
      expect(richTextProblem(markdown), markdown).toBe('content:errors.textLink');
    for (const markdown of [
      '[x](/istorija)',
      '[x](https://a.example/b?c=1)',
      '[x](mailto:a@b.lt)',
      '[x](tel:+44123)',
    ])
      expect(richTextProblem(markdown), markdown).toBeUndefined();
  });
});

describe('formatted text within bounds (issue 28, finding 2)', () => {
  const nested = (level: number, open: string) => `${open.repeat(level)}x`;

  it('refuses texts nested deeper than the limit, and only those', () => {
    for (const open of ['> ', '- ', '1. ', '> - ']) {
      const levels = open === '> - ' ? MAX_NESTING / 2 : MAX_NESTING;
      expect(richTextProblem(nested(levels, open)), open).toBeUndefined();
      expect(richTextProblem(nested(levels + 1, open)), open).toBe('content:errors.nestedTooDeep');
    }
    const indented = (levels: number) =>
      Array.from({ length: levels }, (_, i) => `${' '.repeat(2 * i)}- level ${i + 1}`).join('\n');
    expect(richTextProblem(indented(MAX_NESTING))).toBeUndefined();
    expect(richTextProblem(indented(MAX_NESTING + 1))).toBe('content:errors.nestedTooDeep');
    const emphasis = (levels: number) => `${'*a '.repeat(levels)}x${' b*'.repeat(levels)}`;
    expect(richTextProblem(emphasis(MAX_NESTING))).toBeUndefined();
    expect(richTextProblem(emphasis(MAX_NESTING + 1))).toBe('content:errors.nestedTooDeep');
  });

  it('what overflowed the parser’s stack is refused at once, and drawn as plain text if stored', () => {
    for (const markdown of STACK_OVERFLOWING_TEXTS) {
      // (How long each takes: bench/timings/rich-text.timing.ts.)
      expect(richTextProblem(markdown)).toBe('content:errors.nestedTooDeep');
      const blocks = parseRichText(markdown);
      expect(blocks[0]?.type).toBe('paragraph');
    }
  });

  it('reads a long run of words joined by underscores as one plain paragraph', () => {
    // marked 18 with GitHub's extensions took 0.25–0.45 s for it (its e-mail autolink made
    // such a text quadratic); how long it takes now: bench/timings/rich-text.timing.ts.
    expect(richTextProblem(JOINED_WORDS)).toBeUndefined();
    const blocks = parseRichText(JOINED_WORDS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.type).toBe('paragraph');
    expect(html(blocks)).not.toContain('<a ');
    expect(html(blocks)).toContain('a_a_a_');
  });

  it('says the limit in the editor’s message, in both languages', () => {
    expect(en.errors.nestedTooDeep).toContain(String(MAX_NESTING));
    expect(lt.errors.nestedTooDeep).toContain(String(MAX_NESTING));
  });
});
