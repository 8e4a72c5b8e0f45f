import { countryName } from '~/platform/i18n/format';
import type { Language } from '~/platform/i18n/languages';
import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from './schema';

/** The default country first, then the UK, then the rest by name. */
export function countryOptions(language: Language): Array<{ code: CountryCode; name: string }> {
  const pinned: CountryCode[] = [DEFAULT_COUNTRY, 'GB'];
  const rest = COUNTRY_CODES.filter((code) => !pinned.includes(code))
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...pinned.map((code) => ({ code, name: countryName(code, language) })), ...rest];
}
