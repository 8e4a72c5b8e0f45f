import type { Language } from './languages';

// Numbers, money, dates and places as people read them in each language (Intl), the same
// on pages, in e-mails and in exports. Times are UK time, where the event happens.
const LOCALES: Record<Language, string> = { lt: 'lt-LT', en: 'en-GB' };
export const localeOf = (language: string) => LOCALES[language === 'en' ? 'en' : 'lt'];

export const EVENT_TIME_ZONE = 'Europe/London';

// Making an Intl formatter costs far more than using one: a page that made a fresh one per
// date spent 100 ms of its hydration on it (400 ms on Lighthouse's slowed phone). So every
// formatter is made once per locale and options, and kept.
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames;
const formatters = new Map<string, Formatter>();

function cached<F extends Formatter>(kind: string, make: () => F, key: string): F {
  let formatter = formatters.get(kind + key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(kind + key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once and kept. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached('date', () => new Intl.DateTimeFormat(locale, options), locale + JSON.stringify(options));

/** `new Intl.NumberFormat(locale, options)`, made once and kept. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached('number', () => new Intl.NumberFormat(locale, options), locale + JSON.stringify(options));

/**
 * The one money formatter (pages, e-mails, the admin area): an amount in minor units (pence,
 * cents) in the page's language, e.g. "£19.99" / "£25" (en) or "19,99 £" / "25 £" (lt); the
 * partner's euro prices "€4.89" / "4,89 €". CSV exports keep plain numbers (csv.server.ts).
 */
export function formatMoney(minor: number, language: string, currency: 'GBP' | 'EUR' = 'GBP'): string {
  return numberFormat(localeOf(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    // "£25" for whole pounds, "£19.99" otherwise.
    trailingZeroDisplay: 'stripIfInteger',
  } as Intl.NumberFormatOptions).format(minor / 100);
}

export function formatDateTime(iso: string | Date, language: string): string {
  return dateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(iso));
}

/** A weekend from its first to its last day, UK dates: "14–16 August 2026" / "2026 m. rugpjūčio 14–16 d.". */
export function formatDayRange(start: string | Date, end: string | Date, language: string): string {
  return dateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: EVENT_TIME_ZONE,
  }).formatRange(new Date(start), new Date(end));
}

/** A calendar day ('2026-06-10', already a London date) as "10 Jun" / "06-10" in `language`. */
export function formatDay(date: string, language: string): string {
  return dateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** An ISO country code ('GB') by its name in `language`; anything else (an old free-text value) as it is. */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const locale = localeOf(language);
  const names = cached('region', () => new Intl.DisplayNames([locale], { type: 'region' }), locale);
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A period as words in the page's language ("90 days", "90 dienų", "6 metai"). */
export function formatPeriod(value: number, unit: 'day' | 'month' | 'year', language: string): string {
  return numberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
