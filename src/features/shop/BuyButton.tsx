import { LoaderCircle, ShoppingCart } from '~/platform/ui/icons/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { actAsButton } from '~/platform/ui/act-as-button';
import { Button, type ButtonVariant } from '~/platform/ui/Button';
import type OrderDialogComponent from './OrderDialog';
import { useProduct } from './ShopProducts';
import { notify } from '~/platform/ui/notify';
import { orderPagePath } from '~/platform/paths';

// Any page that shows a Buy button needs the shop's texts: load them with the module, so
// partner pages don't have to know (top-level await, like the route modules).
await loadRoutePacks('shop');

// The dialog (Radix) and its form (conform, zod) are fetched on the first intent to
// buy — pointer over the button, focus, touch — not with the page.
const loadOrderDialog = () => import('./OrderDialog');
const prefetchOrderDialog = () =>
  void loadOrderDialog()
    .then((dialog) => dialog.loadOrderForm())
    .catch(() => undefined); // the click that follows reports it

/** Stripe sends a cancelled checkout back to the product page with ?payment=cancelled. */
function useCancelledPaymentNotice() {
  const { t } = useTranslation('shop');
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('payment') !== 'cancelled') return;
    void notify('info', t('paymentCancelled.title'), {
      id: 'payment-cancelled',
      description: t('paymentCancelled.text'),
    });
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [t]);
}

/**
 * "Buy" for a product of our own catalogue (the products content, products.ts): opens the
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
  const [OrderDialog, setOrderDialog] = useState<typeof OrderDialogComponent | null>(null);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  const product = useProduct(productId);
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

  const name = product.name[language];
  const openDialog = () => {
    if (OrderDialog) return setOpen(true);
    setLoading(true);
    loadOrderDialog()
      .then(
        (dialog) => {
          setOrderDialog(() => dialog.default);
          setOpen(true);
        },
        () => void notify('error', t('orderDialog.loadError')),
      )
      .finally(() => setLoading(false));
  };

  return (
    <>
      {/* A link to the product's order page until the scripts run (or if they never do);
          then it opens the order dialog. */}
      <Button asChild className={className} variant={variant} size={size}>
        <a
          ref={button}
          href={orderPagePath(productId)}
          {...actAsButton(openDialog)}
          data-product-id={productId}
          aria-label={label ? undefined : t('buyProduct', { product: name })}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-busy={loading}
          onPointerEnter={prefetchOrderDialog}
          onTouchStart={prefetchOrderDialog}
          onFocus={prefetchOrderDialog}
        >
          {loading ? (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          )}
          {label ?? t('buy')}
        </a>
      </Button>
      {OrderDialog ? (
        <OrderDialog
          product={product}
          name={name}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={button}
        />
      ) : null}
    </>
  );
}
