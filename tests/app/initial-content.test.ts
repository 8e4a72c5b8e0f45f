import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTENT_TYPES } from '~/app/content-types';
import { richTextProblems, richTextsOf } from '~/platform/content/rich-text-loader';
import { fieldMeta } from '~/platform/content/fields';
import { kindOf, listItem, objectFields } from '~/features/content-admin/editor/schema';
import { isLocalizedText } from '~/platform/content/text-tree';
import { validateContent } from '~/platform/content/validate';
import { eventPlaceholders } from '~/platform/event/placeholders';
import type { EventFacts } from '~/platform/site-content/event';

// The first content of every type (content/initial/<type>.json): complete in both languages,
// valid for its type (the server refuses to start otherwise), in Lithuanian letters, and
// using only the {{placeholders}} the event facts fill in.

const initial = (id: string) => JSON.parse(readFileSync(`content/initial/${id}.json`, 'utf8')) as unknown;

function texts(node: unknown): Array<{ lt: string; en: string }> {
  if (isLocalizedText(node)) return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(texts);
  return [];
}

/** What the event facts fill in (platform/event/format.ts), read off the function itself. */
const EVENT_PLACEHOLDERS = Object.keys(eventPlaceholders(initial('event') as EventFacts, 'lt'));
/** Values the pages themselves pass to a text (a photo's number, the visitor's e-mail…). */
const PAGE_VALUES = [
  // The participant's first name in the registration e-mails; the waiting list's number in
  // line and the end of an offered place (issue 32).
  'firstName',
  'position',
  'deadline',
  // The privacy notice's retention periods.
  'period',
  'n',
  'number',
  'count',
  'total',
  'email',
  'price',
  'minutes',
  'name',
  'year',
  'from',
  'to',
  'min',
  'max',
  'value',
  'title',
];

describe('initial content', () => {
  it.each(CONTENT_TYPES.map((type) => [type.id, type] as const))(
    '%s is there, complete and valid',
    (id, type) => {
      expect(existsSync(`content/initial/${id}.json`)).toBe(true);
      expect(validateContent(type, initial(id))).toEqual({ errors: [], missing: [] });
      // The formatted texts' own checks, which the server runs only when it seeds the type.
      expect(richTextProblems(type, initial(id))).toEqual([]);
    },
  );

  it('writes Lithuanian with its own letters, and every text in both languages', () => {
    for (const type of CONTENT_TYPES) {
      const all = texts(initial(type.id));
      // Required texts are checked above; an optional one (a photo's description) is written
      // in both languages or in neither.
      for (const text of all)
        expect(Boolean(text.lt.trim()), `${type.id}: ${text.en}`).toBe(Boolean(text.en.trim()));
      if (type.id.startsWith('page.')) expect(all.map((t) => t.lt).join(' '), type.id).toMatch(/[ąčęėįšųūž]/);
    }
  });

  it('writes amounts the way each language does, as formatMoney would (issue 18, item 7)', () => {
    for (const type of CONTENT_TYPES)
      for (const text of texts(initial(type.id))) {
        expect(text.lt, type.id).not.toMatch(/[£€]\s?\d/); // "25 £", never "£25"
        expect(text.en, type.id).not.toMatch(/\d\s?[£€]/); // "£25", never "25 £"
      }
  });

  it('uses only known {{placeholders}}, the same in both languages', () => {
    for (const type of CONTENT_TYPES) {
      for (const text of texts(initial(type.id))) {
        const names = (value: string) =>
          [...new Set([...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();
        expect(names(text.lt), `${type.id}: ${text.en}`).toEqual(names(text.en));
        for (const name of names(text.en)) {
          expect([...EVENT_PLACEHOLDERS, ...PAGE_VALUES], `${type.id}: {{${name}}}`).toContain(name);
        }
      }
    }
  });

  it('writes the event date and the fees only in the event facts', () => {
    // The history page tells past years' facts (a 2024 pitch was £25 too): not this year's.
    const pages = CONTENT_TYPES.filter(
      (t) => (t.id.startsWith('page.') && t.id !== 'page.history') || t.id === 'banner',
    );
    for (const type of pages) {
      const all = JSON.stringify(initial(type.id));
      expect(all, type.id).not.toMatch(
        /15 August 2026|rugpjūčio 15 d\.,? (šeštadienis|per)|2026 m\. rugpjūčio/,
      );
      expect(all, type.id).not.toMatch(/£25 (per night|a night|už naktį)/);
      // The hours too (issue 31): arrival, music and quiet hours are {{checkIn}}, {{musicUntil}}…
      expect(all, type.id).not.toMatch(
        /(tylos|ramybės) valandos.{0,20}\d:\d\d|quiet hours.{0,20}\d:\d\d|(muzika|music)\b.{0,20}\d:\d\d|(vartai|gates) (atsidaro|open).{0,10}\d:\d\d/i,
      );
    }
  });

  it('formats the long texts only where it means to: plain prose stays paragraphs', () => {
    // A text that happens to start a line with "5." or "-" would turn into a list. The
    // privacy notice's recipients and rights are lists on purpose.
    const lists = new Set(['page.privacy recipients.text', 'page.privacy rights.text']);
    let formatted = 0;
    for (const type of CONTENT_TYPES) {
      for (const [place, text] of Object.entries(richTextsOf(type, initial(type.id)))) {
        formatted += 1;
        const where = `${type.id} ${place}`;
        for (const blocks of [text.lt, text.en]) {
          expect(blocks.length, where).toBeGreaterThan(0);
          expect(
            lists.has(where)
              ? blocks.some((block) => block.type === 'list')
              : blocks.every((block) => block.type === 'paragraph'),
            where,
          ).toBe(true);
        }
      }
    }
    // About (2), Žolinė, safety (2) and every history year at least.
    expect(formatted).toBeGreaterThanOrEqual(9);
  });

  it('labels every value field in the editor in both languages, its options too', () => {
    const packs = Object.fromEntries(
      (['lt', 'en'] as const).map((language) => [
        language,
        JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/content.json`, 'utf8')) as unknown,
      ]),
    );
    const text = (pack: unknown, key: string) =>
      key
        .replace(/^content:/, '')
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack);
    const unlabelled: string[] = [];
    const visit = (schema: z.ZodType, path: string) => {
      const kind = kindOf(schema);
      const meta = fieldMeta(schema);
      if (kind === 'group') for (const [key, field] of objectFields(schema)) visit(field, `${path}.${key}`);
      else if (kind === 'list') visit(listItem(schema), `${path}[]`);
      if (['localized', 'richText', 'group', 'list'].includes(kind) || !meta) return;
      const keys = [meta.label, ...(meta.options ?? []).map((option) => `${meta.label}Options.${option}`)];
      for (const [language, pack] of Object.entries(packs)) {
        for (const key of keys)
          if (typeof text(pack, key) !== 'string') unlabelled.push(`${language} ${path}: ${key}`);
      }
    };
    for (const type of CONTENT_TYPES) visit(type.schema, type.id);
    expect(unlabelled).toEqual([]);
  });

  it('promises the confirmation e-mail, never says it went: it may still wait in the outbox', () => {
    const registration = initial('page.registration') as {
      registrationSuccess: { sentTo: { lt: string; en: string } };
    };
    const shop = (language: 'lt' | 'en') =>
      (
        JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/shop.json`, 'utf8')) as {
          orderSuccess: { outcome: { paid: { text: string } } };
        }
      ).orderSuccess.outcome.paid.text;
    const said = [
      registration.registrationSuccess.sentTo.lt,
      registration.registrationSuccess.sentTo.en,
      shop('lt'),
      shop('en'),
    ];
    for (const text of said) expect(text).not.toMatch(/išsiuntėme|have sent|sent a confirmation/i);
    expect(said.join(' ')).toMatch(/atsiųsime.*atsiųsime/);
  });
});
