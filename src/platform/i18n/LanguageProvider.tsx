import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { i18n, pageLanguage } from './i18n';
import { cookieLanguage, isLanguage, readSavedLanguage, saveLanguage, type Language } from './languages';
import { TranslatorContext } from './useTranslation';

interface LanguageState {
  /** The page's language: its HTML, its data and its packs are all in it. */
  language: Language;
  /** True once the page has hydrated in the visitor's language (texts are final). */
  ready: boolean;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** This address in `language`: the server sends that language's page for `?lang=`. */
function addressIn(language: Language, href: string): string {
  const url = new URL(href);
  url.searchParams.set('lang', language);
  return url.href;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  // The page's language: on the server that of the render's own instance (entry.server.tsx
  // provides one per render); in the browser that of the one shared instance. A page holds
  // only its own language's data, so the language never changes in it: another language is
  // another page load (decision 0045).
  const rendering = useContext(TranslatorContext) ?? i18n;
  const [language] = useState<Language>(rendering.language);
  const [ready, setReady] = useState(false);

  // The server sent the page in the language it knew of (`?lang=`, or the language cookie).
  // After hydration: if the visitor saved another language in this browser (and the address
  // names none), or this page's language pack could not be loaded (i18n.ts went on in
  // Lithuanian), load the page in the right language instead.
  useEffect(() => {
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    const saved = readSavedLanguage();
    const shown = i18n.language;
    if (shown !== pageLanguage) {
      window.location.replace(addressIn(shown, window.location.href));
      return;
    }
    if (!isLanguage(fromQuery) && saved && saved !== pageLanguage) {
      saveLanguage(saved);
      // The cookie now names it, so the same address brings that page (the address stays as
      // the visitor had it); a browser that keeps no cookie gets the address with `?lang=`.
      if (cookieLanguage() === saved) window.location.reload();
      else window.location.replace(addressIn(saved, window.location.href));
      return;
    }
    // Renews the cookie, so the server keeps sending this language's HTML.
    if (isLanguage(fromQuery) ? fromQuery === pageLanguage : saved) saveLanguage(pageLanguage);
    // data-hydrated tells tests (and CSS, if ever needed) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    setReady(true);
  }, []);

  return <LanguageContext.Provider value={{ language, ready }}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return state;
}
