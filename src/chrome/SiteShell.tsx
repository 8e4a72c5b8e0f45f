import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster, toast } from 'sonner';
import { useLanguage } from '~/i18n/LanguageProvider';
import { Spinner } from '~/ui/Spinner';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, banner, main landmark, footer and the toast region around every public page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loading } = useLanguage();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <AnnouncementBanner />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        {loading ? <Spinner label={t('loading')} className="py-32" /> : children}
      </main>
      <Footer />
      <AppToaster />
    </>
  );
}

/** The spec's toast store: one visible at a time, 4 s, bottom-right, Alt+T, swipe to dismiss. */
export function AppToaster() {
  const { t } = useTranslation();
  useDismissToastsOnEscape();
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={4000}
      closeButton
      richColors
      hotkey={['altKey', 'KeyT']}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}

/**
 * Escape dismisses the visible toast (sonner itself only collapses the stack), unless a
 * dialog is open: then Escape belongs to the dialog.
 */
function useDismissToastsOnEscape() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!document.querySelector('[data-sonner-toast]')) return;
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"]')) return;
      toast.dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
