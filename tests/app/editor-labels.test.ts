import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTENT_TYPES } from '~/app/content-types';
import { fieldMeta } from '~/platform/content/fields';
import { kindOf, listItem, objectFields } from '~/features/content-admin/editor/schema';
import { isLocalizedText } from '~/platform/content/text-tree';

// The content editor labels each field of a page's texts with `content:keys.<key>`. Every key
// the pages use has a label in both languages, so an organiser never sees a humanised English
// key ("Popular", "2"): that fallback (page-texts.ts, humanize) is only a safety net.

const LANGUAGES = ['lt', 'en'] as const;

const packs = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(`src/platform/i18n/locales/${language}/content.json`, 'utf8')) as {
      keys: Record<string, unknown>;
    },
  ]),
) as Record<(typeof LANGUAGES)[number], { keys: Record<string, unknown> }>;
const labels = Object.fromEntries(LANGUAGES.map((language) => [language, packs[language].keys])) as Record<
  (typeof LANGUAGES)[number],
  Record<string, unknown>
>;

/** The text at 'content:a.b.c' in a pack, as the translator finds it (nested keys). */
const packText = (language: (typeof LANGUAGES)[number], key: string): unknown =>
  key
    .replace(/^content:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], packs[language]);

const PAGES = readdirSync('content/initial')
  .filter((file) => /^page\..+\.json$/.test(file))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

/** Every object key of a page's texts, except the { lt, en } of its texts. */
function keysOf(node: unknown, out = new Set<string>()): Set<string> {
  if (isLocalizedText(node)) return out;
  if (Array.isArray(node)) for (const entry of node) keysOf(entry, out);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      out.add(key);
      keysOf(value, out);
    }
  return out;
}

const isLabel = (value: unknown) => typeof value === 'string' && value.trim() !== '';

describe('editor labels of the page texts', () => {
  it('finds the pages', () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(13);
  });

  for (const page of PAGES) {
    it(`${page}: every key has a label in both languages`, () => {
      const keys = keysOf(JSON.parse(readFileSync(`content/initial/${page}.json`, 'utf8')));
      expect(keys.size).toBeGreaterThan(0);
      const unlabelled = LANGUAGES.flatMap((language) =>
        [...keys].filter((key) => !isLabel(labels[language][key])).map((key) => `${language}: ${key}`),
      );
      expect(unlabelled).toEqual([]);
    });
  }

  // Issue 31: the list of contents showed `types.page.privacy`, and each version's author `seed`.
  it('every content type has its title, and the first content its author, in both languages', () => {
    const missing = LANGUAGES.flatMap((language) =>
      [...CONTENT_TYPES.map((type) => type.label), 'content:editor.initialAuthor']
        .filter((key) => !isLabel(packText(language, key)))
        .map((key) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('every field the editor draws for a page resolves its content:keys label in both languages', () => {
    const types = CONTENT_TYPES.filter((type) => type.id.startsWith('page.'));
    expect(types.map((type) => type.id).sort()).toEqual(PAGES);
    const unlabelled: string[] = [];
    const visit = (schema: z.ZodType, path: string) => {
      const kind = kindOf(schema);
      const label = fieldMeta(schema)?.label;
      if (label?.startsWith('content:keys.')) {
        const key = label.slice('content:keys.'.length);
        for (const language of LANGUAGES)
          if (!isLabel(labels[language][key])) unlabelled.push(`${language} ${path}: ${label}`);
      }
      if (kind === 'group') for (const [key, field] of objectFields(schema)) visit(field, `${path}.${key}`);
      else if (kind === 'list') visit(listItem(schema), `${path}[]`);
    };
    for (const type of types)
      for (const [key, field] of objectFields(type.schema)) visit(field, `${type.id}.${key}`);
    expect(unlabelled).toEqual([]);
  });
});
