import { ShoppingCart, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadRoutePacks } from '~/i18n/i18n';
import { useLanguage } from '~/i18n/LanguageProvider';
import { Button, type ButtonVariant } from '~/ui/Button';
import { Spinner } from '~/ui/Spinner';
import { findProduct, formatPence, productName } from './catalogue';
import { notify } from './notify';

// Any page that shows a Buy button needs the shop's texts: load them with the module, so
// partner pages don't have to know (top-level await, like the route modules).
await loadRoutePacks('shop');

// The form (react-hook-form, zod) is fetched on the first intent to buy, not with the page.
const loadOrderForm = () => import('./OrderForm');
const OrderForm = lazy(loadOrderForm);

class FormLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Stripe sends a cancelled checkout back to the product page with ?payment=cancelled. */
function useCancelledPaymentNotice() {
  const { t } = useTranslation('shop');
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('payment') !== 'cancelled') return;
    notify('info', t('paymentCancelled.title'), {
      id: 'payment-cancelled',
      description: t('paymentCancelled.text'),
    });
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [t]);
}

/**
 * "Buy" for a product of our own catalogue (src/features/shop/catalogue.ts): opens the
 * order dialog for that product.
 */
export function BuyButton({
  productId,
  className,
  variant,
  size = 'md',
  label,
}: {
  productId: string;
  className?: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  /** Visible text instead of the default 'Buy'. */
  label?: string;
}) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const product = findProduct(productId);
  useCancelledPaymentNotice();

  if (!product) {
    // A page asked for a product we don't sell: show it as unavailable, never a broken dialog.
    return (
      <Button className={className} variant={variant} size={size} disabled data-product-id={productId}>
        <ShoppingCart aria-hidden="true" className="h-4 w-4" />
        {t('unavailable')}
      </Button>
    );
  }

  const name = productName(product, language);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button
          className={className}
          variant={variant}
          size={size}
          data-product-id={productId}
          aria-label={label ? undefined : t('buyProduct', { product: name })}
          onPointerEnter={() => void loadOrderForm()}
          onFocus={() => void loadOrderForm()}
        >
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {label ?? t('buy')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-cream shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(40rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
          onOpenAutoFocus={(event) => {
            // Focus the dialog itself (its title is read out), not the first button.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          tabIndex={-1}
        >
          <div className="flex items-start justify-between gap-4 border-b border-black/5 px-5 pt-5 pb-4 sm:px-7 sm:pt-6">
            <div>
              <p className="text-sm font-semibold text-ember-700">{t('orderDialog.kicker')}</p>
              <Dialog.Title className="text-xl font-extrabold sm:text-2xl">{name}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {t('orderDialog.description', { price: formatPence(product.pricePence) })}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('orderDialog.close')}
                className="-mr-2 shrink-0"
              >
                <X aria-hidden="true" className="h-6 w-6" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-7">
            <FormLoadBoundary
              fallback={
                <div role="alert" className="flex flex-col items-center gap-4 py-8 text-center">
                  <p>{t('orderDialog.loadError')}</p>
                  <Button variant="outline" onClick={() => window.location.reload()}>
                    {t('orderDialog.reload')}
                  </Button>
                </div>
              }
            >
              <Suspense fallback={<Spinner label={t('orderDialog.loading')} className="py-12" />}>
                <OrderForm product={product} />
              </Suspense>
            </FormLoadBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
