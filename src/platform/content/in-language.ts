import type { Language } from '~/platform/i18n/languages';
import type { SiteContent } from './content-type';

// Issue 34: a page carries its own language only. The renderer hands every render the content
// through `contentInLanguage`, so what a loader reads, and what its page sends to the browser
// in its data, holds no text of the other language (decision 0045).

/** A value written once per language: an object whose keys are exactly `lt` and `en`. */
function isPerLanguage(value: object): value is Record<Language, unknown> {
  const keys = Object.keys(value);
  return keys.length === 2 && 'lt' in value && 'en' in value;
}

/**
 * `value` with each { lt, en } in it read in `language`, kept under both keys: the shape
 * (and every type and `value[language]` reading it) stays, the other language's text is
 * gone, and the page data writes the repeated text once (turbo-stream refers back to it).
 */
export function inLanguage<T>(value: T, language: Language): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inLanguage(item, language)) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (isPerLanguage(value)) {
    const text = value[language];
    return { lt: text, en: text } as T;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, inLanguage(child as unknown, language)]),
  ) as T;
}

/** Each published document in one language, made once per document (until the next publish). */
const narrowed: Record<Language, WeakMap<object, unknown>> = { lt: new WeakMap(), en: new WeakMap() };

function documentIn(document: unknown, language: Language): unknown {
  if (typeof document !== 'object' || document === null) return document;
  const cache = narrowed[language];
  if (!cache.has(document)) cache.set(document, inLanguage(document, language));
  return cache.get(document);
}

/**
 * `content` as one render in `language` reads it. Documents are read in the language when a
 * loader asks for them (a proxy over the documents), so a page's reads are still only the
 * documents it asks for (the page store records them, page-store.server.ts).
 */
export function contentInLanguage(content: SiteContent, language: Language): SiteContent {
  const documents = new Proxy(content.documents, {
    get(target, key, receiver) {
      return documentIn(Reflect.get(target, key, receiver) as unknown, language);
    },
  });
  return { ...content, documents };
}
