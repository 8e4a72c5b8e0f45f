import { Send } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { countryName, formatDateTime, formatMoney } from '~/platform/i18n/format';
import {
  ConfirmButton,
  Details,
  EmailLink,
  PhoneLink,
  RecordCard,
  StatusBadge,
} from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { adminItemName, ORDER_ADMIN_ENDPOINTS, type OrderRow } from './admin';
import { markPaidAllowed, ORDER_ACTIONS, resendAllowed } from './workflow';

/** One order in the admin list: status buttons (the workflow's rules), resend, mark paid. */
export function OrderAdminCard({ row, onChanged }: AdminRowProps<OrderRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  const money = (pence: number) => formatMoney(pence, i18n.language);
  const statusLabel = (status: string) => t(`values.orderStatus.${status}`);
  const address = row.delivery_address
    ? [
        row.delivery_address.street,
        row.delivery_address.city,
        row.delivery_address.postal_code,
        countryName(row.delivery_address.country, i18n.language),
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  const allowed = ORDER_ACTIONS.filter((a) => (a.from as readonly string[]).includes(row.order_status));
  const changeStatus = (action: string, to: string) =>
    run(
      ORDER_ADMIN_ENDPOINTS.status.url({ id: row.id }),
      { action },
      t('orders.statusChanged', { number: row.order_number, status: statusLabel(to) }),
      'errors.orderStatus',
    );

  return (
    <RecordCard
      title={row.order_number}
      badges={
        <>
          <StatusBadge group="orderStatus" value={row.order_status} />
          <StatusBadge group="paymentStatus" value={row.payment_status} />
          {row.test_payment ? (
            <Badge variant="destructive" className="px-2.5 py-0.5 text-xs" data-testid="test-payment">
              {t('orders.testPayment')}
            </Badge>
          ) : null}
          {row.payment_flagged ? (
            <Badge variant="destructive" className="px-2.5 py-0.5 text-xs">
              {t('orders.flagged')}
            </Badge>
          ) : null}
        </>
      }
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <>
          {allowed.map((a) =>
            a.action === 'cancel' ? (
              <ConfirmButton
                key={a.action}
                label={t('orders.actions.cancel')}
                title={t('orders.cancelDialog.title', { number: row.order_number })}
                text={t('orders.cancelDialog.text')}
                confirmLabel={t('orders.cancelDialog.confirm')}
                cancelLabel={t('orders.cancelDialog.keep')}
                disabled={busy}
                variant="ghost"
                onConfirm={() => void changeStatus(a.action, a.to)}
              />
            ) : (
              <Button
                key={a.action}
                size="sm"
                disabled={busy}
                onClick={() => void changeStatus(a.action, a.to)}
              >
                {t(`orders.actions.${a.action}`)}
              </Button>
            ),
          )}
          {resendAllowed(row) ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(
                  ORDER_ADMIN_ENDPOINTS.resendConfirmation.url({ id: row.id }),
                  undefined,
                  t('orders.confirmationResent', { number: row.order_number }),
                  'errors.resendFailed',
                )
              }
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {t('orders.resendConfirmation')}
            </Button>
          ) : null}
          <ConfirmButton
            label={row.payment_status === 'paid' ? t('orders.paid') : t('orders.markPaid')}
            title={t('orders.paidDialog.title', { number: row.order_number })}
            text={t('orders.paidDialog.text')}
            confirmLabel={t('orders.paidDialog.confirm')}
            cancelLabel={t('orders.paidDialog.keep')}
            disabled={busy || !markPaidAllowed(row)}
            onConfirm={() =>
              void run(
                ORDER_ADMIN_ENDPOINTS.markPaid.url({ id: row.id }),
                undefined,
                t('orders.markedPaid', { number: row.order_number }),
                'errors.paymentStatus',
              )
            }
          />
        </>
      }
    >
      <Details
        items={[
          { label: t('fields.customer'), value: row.customer_name },
          { label: t('fields.email'), value: <EmailLink email={row.customer_email} /> },
          { label: t('fields.phone'), value: <PhoneLink phone={row.customer_phone} /> },
          { label: t('fields.deliveryMethod'), value: t(`values.delivery.${row.delivery_method}`) },
          { label: t('fields.address'), value: address },
          {
            label: t('fields.paidAt'),
            value: row.paid_at ? formatDateTime(row.paid_at, i18n.language) : null,
          },
          { label: t('fields.notes'), value: row.notes, wide: true },
        ]}
      />
      <div className="mt-3 rounded-lg bg-cream p-3 text-sm">
        <h4 className="sr-only">{t('orders.itemsTitle')}</h4>
        <ul className="flex flex-col gap-1">
          {row.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3">
              <span className="min-w-0">
                {item.quantity} × {adminItemName(item, i18n.language)}{' '}
                <span className="text-muted">({money(item.product_price)})</span>
              </span>
              <span className="font-medium">{money(item.total_price)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-3 text-muted">
            <span>{t('fields.deliveryCost')}</span>
            <span>{money(row.delivery_cost)}</span>
          </li>
          <li className="flex justify-between gap-3 border-t border-black/10 pt-1 font-bold">
            <span>{t('fields.total')}</span>
            <span>{money(row.total_amount)}</span>
          </li>
        </ul>
      </div>
    </RecordCard>
  );
}
