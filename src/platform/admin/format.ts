// Money and dates as the admin reads them: pounds, and UK time (where the event happens).
const locales = { lt: 'lt-LT', en: 'en-GB' } as const;
const localeOf = (language: string) => locales[language === 'en' ? 'en' : 'lt'];

export function formatMoney(pence: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
  }).format(pence / 100);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}

/** Pence → the amount field's text ("12.50"). */
export const penceToPounds = (pence: number) => (pence / 100).toFixed(2);

/** An order's country is stored as an ISO code ('GB'); show its name (any other text as is). */
export function countryLabel(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
