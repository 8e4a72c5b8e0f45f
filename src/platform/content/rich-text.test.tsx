import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContentType } from './content-type';
import { localized, richText } from './fields';
import { parseRichText, richTextsOf } from './rich-text-loader';
import type { RichBlock } from './rich-text';
import { RichText } from './RichText';

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
});
