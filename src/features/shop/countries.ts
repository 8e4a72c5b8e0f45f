import type { Language } from '~/platform/i18n/languages';
import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from './schema';

// Country names come from the platform's CLDR data (Node and browsers ship it), so the
// order stores a code and every page and e-mail names it in its own language.
const displayNames = new Map<Language, Intl.DisplayNames>();

export function countryName(code: string, language: Language): string {
  // Rows written before codes were stored (or by hand) may hold a name: show it as it is.
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language === 'en' ? 'en-GB' : 'lt'], { type: 'region' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/** The default country first, then the UK, then the rest by name. */
export function countryOptions(language: Language): Array<{ code: CountryCode; name: string }> {
  const pinned: CountryCode[] = [DEFAULT_COUNTRY, 'GB'];
  const rest = COUNTRY_CODES.filter((code) => !pinned.includes(code))
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...pinned.map((code) => ({ code, name: countryName(code, language) })), ...rest];
}
