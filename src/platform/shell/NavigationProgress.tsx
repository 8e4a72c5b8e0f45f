import { useEffect, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigation } from 'react-router';

/** Navigations quicker than this show nothing: a bar that flashes is noise, not progress. */
const PROGRESS_DELAY_MS = 200;

/**
 * True while the next page's code or data loads (React Router's navigation state) and that
 * has taken longer than PROGRESS_DELAY_MS (the public shell marks its main landmark aria-busy).
 */
export function useSlowNavigation(): boolean {
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return shown;
}

/** A slim bar at the top of the window while `shown`, announced in a polite live region. */
export function NavigationProgress({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return (
    // A plain polite live region (no role="status": the page's own status messages keep that).
    <div aria-live="polite" className="print:hidden">
      {shown ? (
        <>
          <span className="sr-only">{t('pageLoading')}</span>
          <div
            data-testid="navigation-progress"
            aria-hidden="true"
            className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-ember-100"
          >
            <div className="navigation-progress-bar h-full w-1/3 bg-ember-600" />
          </div>
        </>
      ) : null}
    </div>
  );
}
