import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The shop's language packs: same keys in lt and en, no empty values, and every literal
// key the shop's components ask for exists.

const load = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../platform/i18n/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
  ) as Record<string, unknown>;
}

describe('shop language packs', () => {
  for (const namespace of ['shop', 'shop-server']) {
    it(`${namespace}: lt and en have the same keys and no empty values`, () => {
      const lt = flatten(load('lt', namespace));
      const en = flatten(load('en', namespace));
      expect(Object.keys(en).sort()).toEqual(Object.keys(lt).sort());
      for (const [key, value] of [...Object.entries(lt), ...Object.entries(en)]) {
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    });
  }

  it('has every literal key the shop components use', () => {
    const keys = new Set(Object.keys(flatten(load('lt', 'shop'))));
    const dir = new URL('./', import.meta.url);
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.tsx'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      // The partner's catalogue pages beside the shop use their own pack.
      if (!source.includes("useTranslation('shop')")) continue;
      for (const match of source.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((key) => !keys.has(key))).toEqual([]);
  });

  it('has the texts behind the dynamic keys (errors, statuses, outcomes)', () => {
    const keys = new Set(Object.keys(flatten(load('lt', 'shop'))));
    const schemaErrors = readFileSync(new URL('./schema.ts', import.meta.url), 'utf8').matchAll(
      /'shop:(orderForm\.errors\.\w+)'/g,
    );
    const wanted = [
      ...[...schemaErrors].map((match) => match[1]!),
      ...['pending', 'paid', 'failed'].map((s) => `status.payment.${s}`),
      ...['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'expired'].map(
        (s) => `status.order.${s}`,
      ),
      ...['paid', 'waiting', 'stillWaiting', 'checkoutCancelled', 'failed', 'closed'].flatMap((o) => [
        `orderSuccess.outcome.${o}.title`,
        `orderSuccess.outcome.${o}.text`,
      ]),
      ...['invalid', 'expired', 'error'].map((k) => `orderHistory.link.${k}`),
    ];
    expect(wanted.filter((key) => !keys.has(key))).toEqual([]);
  });
});
