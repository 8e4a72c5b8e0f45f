import { MapPin, Store, Truck } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { Language } from '~/platform/i18n/languages';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Badge, type BadgeVariant } from '~/platform/ui/Badge';
import { cn } from '~/platform/ui/cn';
import { countryName, dateTimeFormat, formatMoney, localeOf } from '~/platform/i18n/format';
import type { OrderItemView, OrderView } from './order-view';

// Pieces of an order shown on /order-success and /order-history.

/** The item's name in the page's language (orders store the name in the order's language). */
export function itemName(item: OrderItemView, language: Language): string {
  return item.product_names?.[language] ?? item.product_name;
}

export function formatOrderDate(iso: string, language: Language): string {
  return dateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

const PAYMENT_VARIANTS: Record<OrderView['payment_status'], BadgeVariant> = {
  pending: 'default',
  paid: 'secondary',
  failed: 'destructive',
};

const ORDER_VARIANTS: Record<OrderView['order_status'], BadgeVariant> = {
  pending: 'outline',
  confirmed: 'secondary',
  processing: 'secondary',
  shipped: 'secondary',
  delivered: 'secondary',
  cancelled: 'destructive',
  expired: 'outline',
};

export function OrderStatusBadges({ order, className }: { order: OrderView; className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Badge variant={PAYMENT_VARIANTS[order.payment_status]} className="text-xs">
        {t(`status.payment.${order.payment_status}`)}
      </Badge>
      <Badge variant={ORDER_VARIANTS[order.order_status]} className="text-xs">
        {t(`status.order.${order.order_status}`)}
      </Badge>
      {order.test_payment ? (
        <Badge variant="destructive" className="text-xs" data-testid="test-payment">
          {t('status.testPayment')}
        </Badge>
      ) : null}
    </div>
  );
}

export function OrderItemsTable({ order }: { order: OrderView }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const cell = 'py-3 align-top';
  return (
    <table className="w-full text-left text-sm sm:text-base">
      <caption className="sr-only">{t('order.items')}</caption>
      <thead>
        <tr className="border-b-2 border-sand text-xs font-semibold tracking-wide text-muted uppercase">
          <th scope="col" className="pb-2">
            {t('order.product')}
          </th>
          <th scope="col" className="px-2 pb-2 text-center">
            {t('order.quantity')}
          </th>
          <th scope="col" className="px-2 pb-2 text-right">
            {t('order.unitPrice')}
          </th>
          <th scope="col" className="pb-2 text-right">
            {t('order.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => (
          <tr key={item.product_id} className="border-b border-sand">
            <td className={cn(cell, 'font-medium')}>{itemName(item, language)}</td>
            <td className={cn(cell, 'px-2 text-center tabular-nums')}>{item.quantity}</td>
            <td className={cn(cell, 'px-2 text-right whitespace-nowrap tabular-nums')}>
              {formatMoney(item.product_price, language)}
            </td>
            <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')}>
              {formatMoney(item.total_price, language)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="pt-3 text-left font-normal text-muted">
            {t('order.delivery')}
          </th>
          <td className="pt-3 text-right">
            {order.delivery_cost > 0 ? formatMoney(order.delivery_cost, language) : t('order.free')}
          </td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="pt-2 text-left text-lg font-bold">
            {t('order.total')}
          </th>
          <td
            className="pt-2 text-right text-lg font-bold whitespace-nowrap tabular-nums"
            data-testid="order-total"
          >
            {formatMoney(order.total_amount, language)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

export function DeliveryDetails({ order }: { order: OrderView }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const address = order.delivery_method === 'delivery' ? order.delivery_address : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex gap-3">
        {address ? (
          <Truck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
        ) : (
          <Store aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
        )}
        <div>
          <p className="font-semibold">{t(address ? 'order.methodDelivery' : 'order.methodPickup')}</p>
          <p className="text-sm text-muted">{t(address ? 'order.deliveryTime' : 'order.pickupText')}</p>
        </div>
      </div>
      {address ? (
        <div className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
          <div>
            <p className="font-semibold">{t('order.address')}</p>
            <address className="text-sm text-muted not-italic">
              {address.street}
              <br />
              {address.postal_code} {address.city}
              <br />
              {countryName(address.country, language)}
            </address>
          </div>
        </div>
      ) : null}
    </div>
  );
}
