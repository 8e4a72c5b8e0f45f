import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Dialog } from 'radix-ui';
import { Component, lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { Spinner } from '~/platform/ui/Spinner';
import { formatMoney } from '~/platform/i18n/format';
import type { Product } from './products';

// The form (conform, zod) is its own chunk: the dialog opens at once with a spinner.
export const loadOrderForm = () => import('./OrderForm');
const OrderForm = lazy(loadOrderForm);

class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The order dialog of one product (Radix Dialog: focus trap, scroll lock, Escape). Loaded by
 * BuyButton on the first intent to buy, so product pages don't carry it.
 */
export default function OrderDialog({
  product,
  name,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  product: Product;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-cream shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(40rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
          onOpenAutoFocus={(event) => {
            // Focus the dialog itself (its title is read out), not the first button.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // The Buy button is not a Radix trigger (it lives outside this lazy chunk).
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          tabIndex={-1}
        >
          <div className="flex items-start justify-between gap-4 border-b border-black/5 px-5 pt-5 pb-4 sm:px-7 sm:pt-6">
            <div>
              <p className="text-sm font-semibold text-ember-700">{t('orderDialog.kicker')}</p>
              <Dialog.Title className="text-xl font-extrabold sm:text-2xl">{name}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {t('orderDialog.description', { price: formatMoney(product.price, language) })}
              </Dialog.Description>
            </div>
            <DialogCloseButton label={t('orderDialog.close')} />
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-7">
            <LoadBoundary fallback={<LoadFailed />}>
              <Suspense fallback={<Spinner label={t('orderDialog.loading')} className="py-12" />}>
                <OrderForm product={product} />
              </Suspense>
            </LoadBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form's code could not be fetched (offline, or a new version was deployed). */
function LoadFailed() {
  const { t } = useTranslation('shop');
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-8 text-center">
      <p>{t('orderDialog.loadError')}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {t('orderDialog.reload')}
      </Button>
    </div>
  );
}
