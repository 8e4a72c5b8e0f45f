import en from '~/i18n/locales/en/shop-server.json';
import lt from '~/i18n/locales/lt/shop-server.json';
import type { Language } from '~/i18n/languages';

/**
 * Texts the server renders itself (e-mails, the test checkout page), from the
 * `shop-server` language packs, in the order's language.
 */
export type ServerText = typeof lt;

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
