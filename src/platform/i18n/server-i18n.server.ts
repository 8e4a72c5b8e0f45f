import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type Language } from './languages';

/**
 * E-mails are written with the site's own language packs (src/platform/i18n/locales), so a field is
 * called the same in the form and in the e-mail, in the visitor's language.
 */
const NAMESPACES = ['common', 'mail', 'forms', 'registration', 'contactForm', 'sponsorApplication'] as const;
const localesDir = new URL('./locales/', import.meta.url);

function readPack(language: Language, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8')) as Record<
    string,
    unknown
  >;
}

const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(NAMESPACES.map((ns) => [ns, readPack(language, ns)])),
    ]),
  ),
  lng: 'lt',
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: 'mail',
  initAsync: false,
  // Output is escaped by the layout (HTML) or is plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function mailT(language: Language): TFunction {
  return mailI18n.getFixedT(language);
}
