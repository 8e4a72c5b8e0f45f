import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPONSOR_SHOWCASE_IDS } from '~/platform/paths';
import { PACKAGE_RANGE, PACKAGES, packagePrice } from './packages';
import { findShowcase, SHOWCASES } from './showcases';

const LOCALES = path.resolve(import.meta.dirname, '../../platform/i18n/locales');
/** The packs of the guide and sponsor pages (issue 4). */
const NAMESPACES = ['safety', 'recipes', 'sponsors', 'sponsorship', 'partner'];

const pack = (language: string, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')) as unknown;

/** 'a.b.0.c' → value, for every leaf of a pack. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of leaves(child, prefix ? `${prefix}.${key}` : key))
        out.set(leaf, leafValue);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('language packs of the guide and sponsor pages', () => {
  it.each(NAMESPACES)('%s has the same keys in lt and en and no empty values', (ns) => {
    expect(readdirSync(path.join(LOCALES, 'lt'))).toContain(`${ns}.json`);
    const lt = leaves(pack('lt', ns));
    const en = leaves(pack('en', ns));
    expect([...en.keys()].sort()).toEqual([...lt.keys()].sort());
    for (const [key, value] of [...lt, ...en]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('writes Lithuanian with its own letters', () => {
    for (const ns of NAMESPACES) {
      expect(JSON.stringify(pack('lt', ns))).toMatch(/[ąčęėįšųūž]/);
    }
  });

  it('takes GBP prices from the catalogue, never from the partner pack', () => {
    for (const language of ['lt', 'en']) {
      expect(JSON.stringify(pack(language, 'partner'))).not.toMatch(/£\s?\d/);
    }
  });
});

describe('sponsor showcases', () => {
  it('has data and texts for every prerendered sponsor page, and nothing else', () => {
    expect(Object.keys(SHOWCASES).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    for (const language of ['lt', 'en']) {
      const showcases = (pack(language, 'sponsors') as { showcases: Record<string, unknown> }).showcases;
      expect(Object.keys(showcases).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    }
    expect(findShowcase('2')?.becomeSponsor).toBe(false);
    expect(findShowcase('4')?.becomeSponsor).toBe(true);
    expect(findShowcase('9')).toBeUndefined();
    expect(findShowcase(undefined)).toBeUndefined();
  });

  it('uses only reserved demo contact details (Ofcom drama numbers, example.com)', () => {
    for (const showcase of Object.values(SHOWCASES)) {
      expect(showcase.phone).toMatch(/^\+44 7700 900\d{3}$/);
      expect(showcase.email).toMatch(/@example\.com$/);
    }
  });
});

describe('sponsorship packages', () => {
  it('spans £50 to £2500+ in three packages', () => {
    expect(PACKAGES.map((pkg) => pkg.id)).toEqual(['platinum', 'gold', 'silver']);
    expect(PACKAGE_RANGE).toEqual({ from: '£50', to: '£2500+' });
    expect(PACKAGES.map(packagePrice)).toEqual(['£2500+', '£500–£2500', '£50–£500']);
  });
});
