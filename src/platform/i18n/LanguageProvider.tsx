import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { i18n, switchLanguage } from './i18n';
import { isLanguage, readSavedLanguage, saveLanguage, type Language } from './languages';

interface LanguageState {
  language: Language;
  /** True while a language pack is still loading (after a short grace period). */
  loading: boolean;
  /** True once the visitor's language is applied after hydration (texts are final). */
  ready: boolean;
  changeLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** Packs that load faster than this never flash the 'Loading...' screen. */
const SPINNER_DELAY_MS = 200;

export function LanguageProvider({ children }: { children: ReactNode }) {
  // The page's language: on the server that of the render's own instance (entry.server.tsx
  // provides one per render); in the browser there is none, and the one shared instance is
  // the page's, which the effects below (browser only, after hydration) switch.
  const rendering = useContext(I18nContext)?.i18n ?? i18n;
  const [language, setLanguage] = useState<Language>(rendering.language as Language);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const pending = useRef(0);

  const changeLanguage = useCallback(async (next: Language) => {
    const ticket = ++pending.current;
    const timer = setTimeout(() => setLoading(true), SPINNER_DELAY_MS);
    try {
      const applied = await switchLanguage(next);
      if (ticket === pending.current) setLanguage(applied);
      saveLanguage(next);
    } finally {
      clearTimeout(timer);
      if (ticket === pending.current) setLoading(false);
    }
  }, []);

  // The server sent the page in the language it knew of (`?lang=`, or the language cookie);
  // after hydration switch to the visitor's choice if that differs: `?lang=` in the address
  // (shareable links) or the language saved earlier in this browser.
  useEffect(() => {
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    const saved = readSavedLanguage();
    const wanted = isLanguage(fromQuery) ? fromQuery : (saved ?? (i18n.language as Language));
    // data-hydrated tells tests (and CSS, if ever needed) that the page is interactive.
    const markReady = () => {
      document.documentElement.dataset.hydrated = 'true';
      setReady(true);
    };
    if (wanted !== i18n.language) void changeLanguage(wanted).finally(markReady);
    else {
      // Also renews the cookie, so the server keeps sending this language's HTML.
      if (isLanguage(fromQuery) || saved) saveLanguage(wanted);
      markReady();
    }
  }, [changeLanguage]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <LanguageContext.Provider value={{ language, loading, ready, changeLanguage }}>
      {children}
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return state;
}
