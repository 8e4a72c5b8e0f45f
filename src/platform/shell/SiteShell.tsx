import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Spinner } from '~/platform/ui/Spinner';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress, useSlowNavigation } from './NavigationProgress';

/** Header, banner, main landmark, footer and the toast region around every public page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loading } = useLanguage();
  const navigating = useSlowNavigation();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress shown={navigating} />
      <AnnouncementBanner />
      <Header />
      <main id="main" tabIndex={-1} aria-busy={navigating} className="min-h-[60vh] outline-none">
        {loading ? <Spinner label={t('loading')} className="py-32" /> : children}
      </main>
      <Footer />
      <AppToaster />
    </>
  );
}

const Toasts = lazy(() => import('./Toasts'));

/**
 * The toast region, mounted right after hydration: the toast library is not needed to
 * paint a page, so it stays out of the first-load JavaScript.
 */
export function AppToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
