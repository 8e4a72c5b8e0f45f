import { UserX } from '~/platform/ui/icons/icons';
import { useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { ConfirmPanel } from '~/platform/ui/ConfirmPanel';
import type { OrderView } from './order-view';
import { eraseOrderDetails } from './shop-api';

/**
 * The customer's own erasure: once an order is over, its personal details (name, e-mail,
 * phone, address, notes) can be removed here; the order stays as an accounting record.
 */
export function EraseOrderDetails({
  order,
  onErased,
}: {
  order: OrderView;
  onErased: (order: OrderView) => void;
}) {
  const { t } = useTranslation('shop');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (order.personal_erased)
    return (
      <p role="status" className="flex gap-2 text-sm text-muted">
        <UserX aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('order.erase.done')}
      </p>
    );

  const erase = async () => {
    setBusy(true);
    setFailed(false);
    try {
      onErased(await eraseOrderDetails(order.token));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="erase-order-details" className="border-t border-sand pt-5 text-sm">
      <h2 id="erase-order-details" className="mb-1 text-base font-bold">
        {t('order.erase.title')}
      </h2>
      <p className="text-muted">{t(order.erasable ? 'order.erase.text' : 'order.erase.inProgress')}</p>
      {order.erasable && !confirming ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-3 text-red-800"
          onClick={() => setConfirming(true)}
        >
          {t('order.erase.button')}
        </Button>
      ) : null}
      {order.erasable && confirming ? (
        <ConfirmPanel
          className="mt-3"
          size="sm"
          question={t('order.erase.confirm')}
          confirmLabel={t('order.erase.yes')}
          backLabel={t('order.erase.back')}
          busy={busy}
          onConfirm={erase}
          onBack={() => setConfirming(false)}
        />
      ) : null}
      {failed ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {t('order.erase.failed')}
        </p>
      ) : null}
    </section>
  );
}
