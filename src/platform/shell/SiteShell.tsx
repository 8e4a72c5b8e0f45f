import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLocation } from 'react-router';
import { NOTICE_PARAM } from '~/platform/paths';
import { FramePart } from '~/platform/content/frame';
import { loadToastRegion, toastRegion } from '~/platform/ui/notify';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress, useSlowNavigation } from './NavigationProgress';

/** Header, banner, main landmark, footer and the toast region around every public page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
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
      <FramePart name="banner">
        <AnnouncementBanner />
      </FramePart>
      <Header />
      <main id="main" tabIndex={-1} aria-busy={navigating} className="min-h-[60vh] outline-none">
        {children}
      </main>
      <Footer />
      <AddressNoticeIfAny />
      <AppToaster />
    </>
  );
}

const Toasts = lazy(loadToastRegion);
const AddressNotice = lazy(() =>
  import('./AddressNotice').then((module) => ({ default: module.AddressNotice })),
);

/** The notice an address asks for (`?notice=`), loaded only when there is one. */
function AddressNoticeIfAny() {
  const { search } = useLocation();
  return new URLSearchParams(search).has(NOTICE_PARAM) ? (
    <Suspense fallback={null}>
      <AddressNotice />
    </Suspense>
  ) : null;
}

/**
 * The toast region, mounted when the first toast is raised (`notify`): most visits raise
 * none, so the toast library is not downloaded at all (issue 34: 10 KB gzip right after
 * hydration before).
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.wanted, toastRegion.serverWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
