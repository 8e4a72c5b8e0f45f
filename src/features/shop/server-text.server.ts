import { readFileSync } from 'node:fs';
import type { Language } from '~/platform/i18n/languages';
import type LithuanianPack from '~/platform/i18n/locales/lt/shop-server.json';

/**
 * Texts the server renders itself (e-mails, the test checkout page), from the
 * `shop-server` language packs, in the order's language.
 */
export type ServerText = typeof LithuanianPack;

// Read as files (not imported) so every runner loads them alike: tsx, Vitest, Playwright.
const readPack = (language: Language): ServerText =>
  JSON.parse(
    readFileSync(
      new URL(`../../platform/i18n/locales/${language}/shop-server.json`, import.meta.url),
      'utf8',
    ),
  ) as ServerText;
const lt = readPack('lt');
const en = readPack('en');

export function serverText(language: string): ServerText {
  return language === 'en' ? en : lt;
}

export function serverLanguage(language: string): Language {
  return language === 'en' ? 'en' : 'lt';
}

/** Replaces {{name}} placeholders (values are inserted as given: escape them for HTML first). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
