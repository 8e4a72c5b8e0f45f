import { useEffect } from 'react';
import { ensureNamespaces, i18n } from '~/platform/i18n/i18n';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import type { Language } from '~/platform/i18n/languages';

/** The `offline` pack in `language`, loaded now: the texts the worker writes (it has no packs). */
async function offlineTexts(language: Language) {
  await ensureNamespaces(language, ['offline']);
  return i18n.getFixedT(language, 'offline');
}

/**
 * Starts the public site's worker (site-worker.ts, decision 0042) in the visitor's language:
 * after hydration, which itself waits for the page's load and first paint (decision 0021), and
 * an idle moment; its code loads only then, so it is not part of any page's first load. Again
 * when the visitor changes language, so the worker keeps that language's pages too.
 */
export function useSiteWorker() {
  const { language, ready } = useLanguage();
  useEffect(() => {
    if (!ready || !('serviceWorker' in navigator)) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    let cancelled = false;
    idle(() => {
      if (cancelled) return;
      import('./site-worker')
        .then((worker) => worker.startSiteWorker(language, () => offlineTexts(language)))
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [language, ready]);
}
