import { useEffect } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Toaster, toast } from 'sonner';

/** The spec's toast store: one visible at a time, 4 s, bottom-right, Alt+T, swipe to dismiss. */
export default function Toasts() {
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
