// Language rules shared by the browser and the server (e-mails).
export const LANGUAGES = ['lt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lt';
const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language saved in localStorage, accepted only if it is `lt` or `en`; null if none. */
export function readSavedLanguage(): Language | null {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** The cookie that tells the server which language's HTML to send (same name as the key). */
export const LANGUAGE_COOKIE = LANGUAGE_STORAGE_KEY;
/** How long the language cookie is kept (a year), set by the browser or by the server (decision 0049). */
export const LANGUAGE_COOKIE_MAX_AGE = 31_536_000;

/** The language the cookie names in this browser (null: none, or cookies are off). */
export function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const value = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLanguage(value) ? value : null;
}

export function saveLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  }
}
