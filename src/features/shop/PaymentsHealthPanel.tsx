import { TriangleAlert, CircleCheck, Clock } from '~/platform/ui/icons/icons';
import { useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { Button } from '~/platform/ui/Button';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime, formatMoney } from '~/platform/i18n/format';
import { type HealthOrder, ORDER_ADMIN_ENDPOINTS, type PaymentsHealth } from './admin';
import { StatusBadge } from '~/platform/admin/parts';
import { PATHS } from '~/platform/paths';

function HealthOrders({
  orders,
  empty,
  action,
}: {
  orders: HealthOrder[];
  empty: string;
  action?: (order: HealthOrder) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  if (orders.length === 0) {
    return (
      <p className="mt-2 flex items-center gap-2 text-sm text-forest-700">
        <CircleCheck aria-hidden="true" className="h-4 w-4" />
        {empty}
      </p>
    );
  }
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {orders.map((order) => (
        <li
          key={order.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-black/10 bg-white px-3 py-2"
        >
          <div className="min-w-0 text-sm">
            <p>
              <Link
                to={`${PATHS.admin}?tab=orders&q=${encodeURIComponent(order.order_number)}`}
                className="font-semibold text-ember-700 underline underline-offset-2"
              >
                {order.order_number}
              </Link>{' '}
              · {order.customer_name} · {formatMoney(order.total_amount, i18n.language)}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <StatusBadge group="orderStatus" value={order.order_status} />
              <StatusBadge group="paymentStatus" value={order.payment_status} />
              {order.checkout_started_at ? (
                <span className="text-muted">
                  {t('health.checkoutStarted', {
                    time: formatDateTime(order.checkout_started_at, i18n.language),
                  })}
                </span>
              ) : null}
            </p>
          </div>
          {action?.(order)}
        </li>
      ))}
    </ul>
  );
}

/** Is the payment provider talking to us, and is any payment stuck or late? */
export function PaymentsHealthPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const { data } = useAdminQuery<PaymentsHealth>(ORDER_ADMIN_ENDPOINTS.paymentsHealth.url(), version);
  const [busy, setBusy] = useState<string | null>(null);

  const clearFlag = async (order: HealthOrder) => {
    setBusy(order.id);
    try {
      await apiRequest('POST', ORDER_ADMIN_ENDPOINTS.clearFlag.url({ id: order.id }));
      void notify('success', t('health.flagCleared'));
      onChanged();
    } catch (error) {
      onError(error, 'errors.paymentStatus');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="health-title"
      className="mt-6 rounded-xl border border-black/10 bg-white p-4 shadow-sm"
    >
      <h2 id="health-title" className="text-lg font-bold">
        {t('health.title')}
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
        <span className="inline-flex items-center gap-2 text-muted">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {t('health.lastWebhook')}:
        </span>
        <strong>
          {data?.lastWebhookAt
            ? formatDateTime(data.lastWebhookAt, i18n.language)
            : data
              ? t('health.never')
              : '–'}
        </strong>
      </p>
      {data ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="flex items-center gap-2 font-semibold">
              {data.stuck.length ? (
                <TriangleAlert aria-hidden="true" className="h-4 w-4 text-ember-700" />
              ) : null}
              {t('health.stuckTitle', { minutes: data.stuckAfterMinutes })}
            </h3>
            <p className="text-sm text-muted">{t('health.stuckHelp')}</p>
            <HealthOrders orders={data.stuck} empty={t('health.stuckNone')} />
          </div>
          <div>
            <h3 className="flex items-center gap-2 font-semibold">
              {data.flagged.length ? (
                <TriangleAlert aria-hidden="true" className="h-4 w-4 text-red-700" />
              ) : null}
              {t('health.flaggedTitle')}
            </h3>
            <p className="text-sm text-muted">{t('health.flaggedHelp')}</p>
            <HealthOrders
              orders={data.flagged}
              empty={t('health.flaggedNone')}
              action={(order) => (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy === order.id}
                  onClick={() => void clearFlag(order)}
                >
                  {t('health.clearFlag')}
                </Button>
              )}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
