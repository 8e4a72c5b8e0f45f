import { ChevronRight, Mail, MailCheck, PackageOpen } from '~/platform/ui/icons/icons';
import { useEffect, useId, useState } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { formatMoney } from '~/platform/i18n/format';
import { readRememberedOrders } from './order-storage';
import { formatOrderDate, itemName, OrderStatusBadges } from './OrderParts';
import type { OrderView } from './order-view';
import { historyLinkRequestSchema } from './schema';
import { ApiError } from '~/platform/http/api';
import { fetchHistory, lookupOrders, requestHistoryLink } from './shop-api';
import { PATHS } from '~/platform/paths';
import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';

type ListState = { kind: 'loading' } | { kind: 'error' } | { kind: 'loaded'; orders: OrderView[] };
type LinkState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'invalid' | 'expired' | 'error' }
  | { kind: 'loaded'; email: string; orders: OrderView[] };

function OrderList({ orders, label }: { orders: OrderView[]; label: string }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order.token}>
          <Link
            to={`${PATHS.orderSuccess}?order_id=${order.token}`}
            className="group flex items-center gap-4 rounded-2xl border border-black/5 bg-white p-4 shadow-sm transition-colors hover:border-ember-200 sm:p-5"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="font-extrabold tracking-wide">{order.order_number}</span>
                <span className="font-bold tabular-nums">{formatMoney(order.total_amount, language)}</span>
              </div>
              <p className="text-sm text-muted">
                {order.items
                  .map((item) =>
                    t('orderHistory.itemLine', {
                      product: itemName(item, language),
                      quantity: item.quantity,
                    }),
                  )
                  .join(', ')}
                {' · '}
                {formatOrderDate(order.created_at, language)}
              </p>
              <OrderStatusBadges order={order} />
            </div>
            <ChevronRight
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-muted group-hover:text-ember-700"
            />
            <span className="sr-only">{t('orderHistory.view')}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function EmailMyOrders() {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const inputId = useId();
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const {
    form,
    fields,
    submitting: isSubmitting,
    control,
  } = useSchemaForm(historyLinkRequestSchema, {
    defaultValue: { email: '' },
    onValid: async ({ email }) => {
      setFailed(false);
      try {
        await requestHistoryLink(email, language);
        setSent(true);
      } catch {
        setFailed(true);
      }
    },
  });
  const { error } = control(fields.email);

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-8">
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-ember-600" />
        <div>
          <h2 className="text-xl font-bold">{t('orderHistory.emailTitle')}</h2>
          <p className="mt-1 text-muted">{t('orderHistory.emailLead')}</p>
        </div>
      </div>
      {sent ? (
        <p role="status" className="flex gap-3 rounded-xl bg-forest-50 p-4 text-forest-700">
          <MailCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          {t('orderHistory.emailSent')}
        </p>
      ) : (
        <form
          id={form.id}
          noValidate
          onSubmit={form.onSubmit}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <LabelledField id={inputId} label={t('orderHistory.emailLabel')} error={error} className="flex-1">
            <input
              id={inputId}
              type="email"
              autoComplete="email"
              inputMode="email"
              name={fields.email.name}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedByIds(inputId)}
              className={cn(
                'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base shadow-sm focus:border-ember-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-ember-600',
                error ? 'border-red-700' : 'border-black/15',
              )}
            />
          </LabelledField>
          <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
            {isSubmitting ? t('orderHistory.emailSending') : t('orderHistory.emailSend')}
          </Button>
        </form>
      )}
      {failed ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('orderHistory.emailFailed')}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * /order-history: the orders placed in this browser (tokens in localStorage), and the
 * orders of an e-mail address when opened through a signed link (?link=…).
 */
export function OrderHistoryPage() {
  const { t } = useTranslation('shop');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [linked, setLinked] = useState<LinkState>({ kind: 'none' });

  useEffect(() => {
    const tokens = readRememberedOrders().map((entry) => entry.token);
    lookupOrders(tokens).then(
      (orders) => setList({ kind: 'loaded', orders }),
      () => setList({ kind: 'error' }),
    );
    const link = new URLSearchParams(window.location.search).get('link');
    if (link) {
      setLinked({ kind: 'loading' });
      fetchHistory(link).then(
        (history) => setLinked({ kind: 'loaded', email: history.email, orders: history.orders }),
        (error: unknown) => {
          const code = error instanceof ApiError ? error.code : '';
          setLinked({
            kind: code === 'link_expired' ? 'expired' : code === 'link_invalid' ? 'invalid' : 'error',
          });
        },
      );
    }
  }, []);

  return (
    <>
      <PageMeta title={t('orderHistory.meta.title')} description={t('orderHistory.meta.description')} />
      <PageHeader title={t('orderHistory.title')} lead={t('orderHistory.lead')} />
      <Container className="flex max-w-3xl flex-col gap-10 pb-16">
        {linked.kind !== 'none' ? (
          <section aria-labelledby="linked-orders" className="flex flex-col gap-4">
            <h2 id="linked-orders" className="text-2xl font-bold">
              {linked.kind === 'loaded'
                ? t('orderHistory.linkedTitle', { email: linked.email })
                : t('orderHistory.linkedTitleGeneric')}
            </h2>
            {linked.kind === 'loading' ? (
              <Spinner
                label={t('orderHistory.loading')}
                noScript={t('orderHistory.noScript')}
                className="py-6"
              />
            ) : null}
            {linked.kind === 'loaded' ? (
              linked.orders.length > 0 ? (
                <OrderList orders={linked.orders} label={t('orderHistory.linkedTitleGeneric')} />
              ) : (
                <p className="text-muted">{t('orderHistory.linkedEmpty')}</p>
              )
            ) : null}
            {linked.kind === 'invalid' || linked.kind === 'expired' || linked.kind === 'error' ? (
              <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
                {t(`orderHistory.link.${linked.kind}`)}
              </p>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="browser-orders" className="flex flex-col gap-4">
          <h2 id="browser-orders" className="text-2xl font-bold">
            {t('orderHistory.browserTitle')}
          </h2>
          {list.kind === 'loading' ? (
            <Spinner
              label={t('orderHistory.loading')}
              noScript={t('orderHistory.noScript')}
              className="py-6"
            />
          ) : null}
          {list.kind === 'error' ? (
            <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
              {t('orderHistory.loadError')}
            </p>
          ) : null}
          {list.kind === 'loaded' && list.orders.length > 0 ? (
            <OrderList orders={list.orders} label={t('orderHistory.browserTitle')} />
          ) : null}
          {list.kind === 'loaded' && list.orders.length === 0 ? (
            <Card className="flex flex-col items-center gap-4 py-10 text-center">
              <PackageOpen aria-hidden="true" className="h-10 w-10 text-ember-600" />
              <p className="max-w-md text-muted">{t('orderHistory.empty')}</p>
              <Button asChild variant="outline">
                <Link to={PATHS.partner}>{t('orderHistory.toShop')}</Link>
              </Button>
            </Card>
          ) : null}
        </section>

        <EmailMyOrders />
      </Container>
    </>
  );
}
