import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/platform/ui/Button';
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
        <div
          role="alertdialog"
          aria-labelledby="erase-order-confirm"
          className="mt-3 rounded-xl border-2 border-red-700 bg-red-50 p-4"
        >
          <p id="erase-order-confirm" className="font-semibold">
            {t('order.erase.confirm')}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              type="button"
              size="sm"
              className="bg-red-700 hover:bg-red-800"
              disabled={busy}
              onClick={erase}
            >
              {t('order.erase.yes')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('order.erase.back')}
            </Button>
          </div>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {t('order.erase.failed')}
        </p>
      ) : null}
    </section>
  );
}
