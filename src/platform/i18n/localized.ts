import { useLanguage } from './LanguageProvider';
import type { Language } from './languages';

/** Text (or any value) written once per language, for typed content data files. */
export type Localized<T = string> = Record<Language, T>;

/** Returns a picker that reads a `Localized` value in the language being shown. */
export function useLocalize(): <T>(value: Localized<T>) => T {
  const { language } = useLanguage();
  return (value) => value[language];
}
