import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { Translator, type Pack } from './translator';

/**
 * Language packs are static JSON files in `src/platform/i18n/locales/<lng>/<namespace>.json`, one
 * namespace per feature. Vite emits each as its own hashed chunk, so a page downloads only
 * the packs it uses, and only in the language being shown. This list is in every public page's
 * first load, so it leaves out the e-mails' packs (the server reads those itself, server-i18n)
 * and the admin area's (its routes add them: admin-packs.ts).
 */
const packs: Record<string, () => Promise<Pack>> = import.meta.glob<Pack>(
  [
    './locales/*/*.json',
    '!./locales/*/{admin,content,nextYear,checkIn,participantMessages,mail,shop-server}.json',
  ],
  { import: 'default' },
);

/** More packs to load by name (the admin area's, from admin-packs.ts). */
export function addPacks(more: Record<string, () => Promise<Pack>>) {
  Object.assign(packs, more);
}

async function loadPack(language: Language, namespace: string): Promise<Pack> {
  const load = packs[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`Missing language pack ${language}/${namespace}`);
  return load();
}

/**
 * The server renders every page in both languages and sends the visitor's; hydration starts
 * in the language of the HTML it got (`<html lang>`), the only one the page holds data in.
 * On the server: Lithuanian.
 */
export const pageLanguage: Language =
  typeof document !== 'undefined' && isLanguage(document.documentElement.lang)
    ? document.documentElement.lang
    : DEFAULT_LANGUAGE;

/**
 * The one shared translator (translator.ts). In the browser it is the page's, in the page's
 * language (another language is another page, decision 0045). On the server it stays
 * Lithuanian and holds the loaded packs: each render gets a copy of it in its page's language
 * (`inLanguage`, src/entry.server.tsx, decision 0037), so the server never switches it and
 * renders in both languages run at the same time.
 */
export const i18n = new Translator(pageLanguage);

/** Loads namespaces for a language; rejects when a pack cannot be loaded. */
export async function ensureNamespaces(language: Language, namespaces: readonly string[]) {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18n.hasPack(language, ns)) return;
      i18n.addPack(language, ns, await loadPack(language, ns));
    }),
  );
}

const loadedNamespaces = new Set<string>(['common']);

/**
 * Called at the top level of every route module (top-level await), so a page's packs are
 * in memory before it renders: on the server when the server build is loaded (the English
 * ones are loaded before a render in English), in the browser before hydration/navigation.
 */
export async function loadRoutePacks(...namespaces: string[]) {
  for (const ns of namespaces) loadedNamespaces.add(ns);
  await switchLanguage(i18n.language, ['common', ...namespaces]);
}

/**
 * Loads `namespaces` of `language` and switches to it. If an English pack cannot be loaded,
 * the page goes on in Lithuanian (with every pack in use, and says why in the console)
 * rather than failing; the LanguageProvider then loads the Lithuanian page. Returns the
 * language now shown.
 */
async function switchLanguage(
  language: Language,
  namespaces: readonly string[] = namespacesInUse(),
): Promise<Language> {
  let applied = language;
  try {
    await ensureNamespaces(language, namespaces);
  } catch (error) {
    if (language === DEFAULT_LANGUAGE) throw error;
    console.error(`Could not load the "${language}" language pack; using Lithuanian.`, error);
    applied = DEFAULT_LANGUAGE;
    await ensureNamespaces(applied, namespacesInUse());
  }
  if (i18n.language !== applied) await i18n.changeLanguage(applied);
  return applied;
}

/** Namespaces any page so far has asked for (a render loads them all in its language). */
export function namespacesInUse(): string[] {
  return [...loadedNamespaces];
}

await switchLanguage(pageLanguage, ['common']);
