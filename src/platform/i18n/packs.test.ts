import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, 'locales');

/** Flattens a pack to 'a.b.0.c' → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function readPack(language: string, namespace: string) {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as unknown;
}

const namespaces = (language: string) =>
  readdirSync(path.join(LOCALES, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

describe('language packs', () => {
  it('lt and en have the same namespaces', () => {
    expect(namespaces('en')).toEqual(namespaces('lt'));
    expect(namespaces('lt')).toContain('common');
  });

  for (const namespace of namespaces('lt')) {
    it(`${namespace}: identical key sets and no empty values`, () => {
      const lt = flatten(readPack('lt', namespace));
      const en = flatten(readPack('en', namespace));
      // Plural forms differ by language (Lithuanian has few/many): compare their base keys.
      const base = (keys: Iterable<string>) =>
        [...new Set([...keys].map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
      expect(base(en.keys())).toEqual(base(lt.keys()));
      for (const [key, value] of [...lt, ...en]) {
        expect(typeof value === 'string' ? value.trim() : value, `${namespace}:${key}`).not.toBe('');
        expect(value, `${namespace}:${key}`).not.toBeNull();
      }
    });
  }
});

describe('translation lookups', () => {
  it('a key with no entry displays the key itself', async () => {
    const { i18n } = await import('./i18n');
    // @ts-expect-error -- not a key: the typecheck refuses it (keys.ts)
    expect(i18n.t('common:no.such.key')).toBe('no.such.key');
    expect(i18n.t('common:nav.about')).toBe('Apie renginį');
  });
});
