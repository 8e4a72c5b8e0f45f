import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { addMoneyFormat } from './format';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

/**
 * The server's one translator (e-mails, CSV exports, the test checkout page): the same
 * language packs the pages use, every namespace, so a field is called the same on the page,
 * in the e-mail and in the spreadsheet. Keys are written with their namespace
 * (`t('mail:greeting')`); output is plain text: escape it for HTML where it goes into HTML.
 */
const localesDir = new URL('./locales/', import.meta.url);

function readPacks(language: Language): Record<string, Record<string, unknown>> {
  const dir = new URL(`${language}/`, localesDir);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>,
      ]),
  );
}

const serverI18n = i18next.createInstance();
void serverI18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, readPacks(language)])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
addMoneyFormat(serverI18n);

/** A translator fixed to `language`; anything that is not 'lt' or 'en' reads as Lithuanian. */
export function serverT(language: string): TFunction {
  return serverI18n.getFixedT(toLanguage(language));
}

/** A stored or requested language as one of ours (the default for anything else). */
export function toLanguage(language: string): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
