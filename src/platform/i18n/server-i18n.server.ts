import { readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
import { Translator, type Pack, type Translate } from './translator';

/**
 * The server's one translator (e-mails, CSV exports, the test checkout page): the same
 * language packs the pages use, every namespace, so a field is called the same on the page,
 * in the e-mail and in the spreadsheet. Keys are written with their namespace
 * (`t('mail:greeting')`); output is plain text: escape it for HTML where it goes into HTML.
 */
const localesDir = new URL('./locales/', import.meta.url);

const serverI18n = new Translator(DEFAULT_LANGUAGE);
for (const language of LANGUAGES) {
  const dir = new URL(`${language}/`, localesDir);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const pack = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Pack;
    serverI18n.addPack(language, file.replace(/\.json$/, ''), pack);
  }
}

/** A translator fixed to `language`; anything that is not 'lt' or 'en' reads as Lithuanian. */
export function serverT(language: string): Translate<'common'> {
  return serverI18n.getFixedT(toLanguage(language));
}

/** A stored or requested language as one of ours (the default for anything else). */
export function toLanguage(language: string): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
