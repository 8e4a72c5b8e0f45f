import type { i18n } from 'i18next';
import type { Language } from './languages';

// Numbers, money, dates and places as people read them in each language (Intl), the same
// on pages, in e-mails and in exports. Times are UK time, where the event happens.
const LOCALES: Record<Language, string> = { lt: 'lt-LT', en: 'en-GB' };
export const localeOf = (language: string) => LOCALES[language === 'en' ? 'en' : 'lt'];

export const EVENT_TIME_ZONE = 'Europe/London';

/**
 * The one money formatter (pages, e-mails, the admin area): an amount in minor units (pence,
 * cents) in the page's language, e.g. "£19.99" / "£25" (en) or "19,99 £" / "25 £" (lt); the
 * partner's euro prices "€4.89" / "4,89 €". CSV exports keep plain numbers (csv.server.ts).
 */
export function formatMoney(minor: number, language: string, currency: 'GBP' | 'EUR' = 'GBP'): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    // "£25" for whole pounds, "£19.99" otherwise.
    trailingZeroDisplay: 'stripIfInteger',
  } as Intl.NumberFormatOptions).format(minor / 100);
}

/**
 * Lets a pack text hold an amount, `"Up to {{to, money}}"` with `{ to: 50000 }` (pence), written
 * by formatMoney in the translator's language: the words are the pack's, the number format ours.
 */
export function addMoneyFormat(instance: i18n) {
  instance.services.formatter?.add('money', (value, lng) => formatMoney(Number(value), lng ?? 'lt'));
}

export function formatDateTime(iso: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(iso));
}

/** A calendar day ('2026-06-10', already a London date) as "10 Jun" / "06-10" in `language`. */
export function formatDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** An ISO country code ('GB') by its name in `language`; anything else (an old free-text value) as it is. */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const locale = localeOf(language);
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A period as words in the page's language ("90 days", "90 dienų", "6 metai"). */
export function formatPeriod(value: number, unit: 'day' | 'month' | 'year', language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}
