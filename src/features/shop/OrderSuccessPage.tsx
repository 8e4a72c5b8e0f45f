import {
  TriangleAlert,
  CircleCheck,
  CircleX,
  Clock,
  House,
  ListOrdered,
  RotateCcw,
  SearchX,
  Store,
} from '~/platform/ui/icons/icons';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { productPagePath } from './money';
import { rememberOrder } from './order-storage';
import { EraseOrderDetails } from './EraseOrderDetails';
import { DeliveryDetails, formatOrderDate, OrderItemsTable, OrderStatusBadges } from './OrderParts';
import type { OrderPageData, OrderView } from './order-view';
import { ApiError } from '~/platform/http/api';
import { fetchOrder } from './shop-api';
import { missingParameterRedirect, PATHS } from '~/platform/paths';

/** While the provider has not confirmed the payment: ask every 2 s, for up to a minute. */
const POLL_INTERVAL_MS = 2_000;
const POLL_FOR_MS = 60_000;

type PageState =
  | { kind: 'loading' }
  | { kind: 'not_found' }
  | { kind: 'error' }
  | { kind: 'order'; order: OrderView; polling: boolean };

type Outcome = 'paid' | 'waiting' | 'stillWaiting' | 'checkoutCancelled' | 'failed' | 'closed';

function outcomeOf(order: OrderView, polling: boolean): Outcome {
  if (order.payment_status === 'paid') return 'paid';
  if (order.order_status === 'cancelled' || order.order_status === 'expired') return 'closed';
  if (order.payment_status === 'failed') return 'failed';
  if (order.checkout_cancelled) return 'checkoutCancelled';
  return polling ? 'waiting' : 'stillWaiting';
}

/** The page of the order's product, to try again after a cancelled or failed payment. */
function orderAgainPath(order: OrderView): string | null {
  const category = order.items[0]?.product_category;
  return category ? productPagePath(category) : null;
}

const awaitingProvider = (order: OrderView) =>
  order.payment_status === 'pending' && order.order_status === 'pending' && !order.checkout_cancelled;

/** The first state: what the server read for the address's token, else the fetch to come. */
function firstState(loaded: OrderPageData | null): PageState {
  if (!loaded) return { kind: 'loading' };
  if (loaded.kind === 'order')
    return { kind: 'order', order: loaded.order, polling: awaitingProvider(loaded.order) };
  return loaded;
}

const OUTCOME_STYLE: Record<Outcome, { Icon: typeof CircleCheck; tone: string }> = {
  paid: { Icon: CircleCheck, tone: 'bg-forest-100 text-forest-700' },
  waiting: { Icon: Clock, tone: 'bg-ember-100 text-ember-700' },
  stillWaiting: { Icon: Clock, tone: 'bg-ember-100 text-ember-700' },
  checkoutCancelled: { Icon: TriangleAlert, tone: 'bg-amber-100 text-amber-800' },
  failed: { Icon: CircleX, tone: 'bg-red-100 text-red-800' },
  closed: { Icon: CircleX, tone: 'bg-sand text-muted' },
};

function Links() {
  const { t } = useTranslation('shop');
  return (
    <nav
      aria-label={t('orderSuccess.linksLabel')}
      className="flex flex-col gap-3 sm:flex-row sm:justify-center"
    >
      <Button asChild variant="outline">
        <Link to={PATHS.home}>
          <House aria-hidden="true" className="h-4 w-4" />
          {t('orderSuccess.links.home')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={PATHS.orderHistory}>
          <ListOrdered aria-hidden="true" className="h-4 w-4" />
          {t('orderSuccess.links.history')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={PATHS.partner}>
          <Store aria-hidden="true" className="h-4 w-4" />
          {t('orderSuccess.links.shop')}
        </Link>
      </Button>
    </nav>
  );
}

function StatusPanel({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className={cn('grid h-16 w-16 place-items-center rounded-full', tone)}>{icon}</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

/**
 * /order-success?order_id=<public token>. Shows the order as the server knows it: drawn by
 * the server for the token in the address (the loader), or fetched when the page was reached
 * without it (a client-side navigation). It never marks anything paid: while the provider's
 * confirmation is on its way it polls the API, whose server asks the provider itself (the
 * return race).
 */
export function OrderSuccessPage() {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const loaded = useLoaderData<OrderPageData | null>();
  const [state, setState] = useState<PageState>(() => firstState(loaded));
  const [token, setToken] = useState<string | null>(null);
  const pollUntil = useRef(0);

  const load = useCallback(async (orderToken: string) => {
    try {
      const order = await fetchOrder(orderToken);
      rememberOrder({ token: order.token, order_number: order.order_number });
      const polling = awaitingProvider(order) && Date.now() < pollUntil.current;
      setState({ kind: 'order', order, polling });
      return polling;
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? { kind: 'not_found' } : { kind: 'error' });
      return false;
    }
  }, []);

  // The address is read after hydration and once the visitor's language is applied.
  const { ready } = useLanguage();
  useEffect(() => {
    if (!ready) return;
    if (state.kind === 'order')
      rememberOrder({ token: state.order.token, order_number: state.order.order_number });
    const orderToken = new URLSearchParams(window.location.search).get('order_id');
    if (!orderToken) {
      // The server redirects such a request; this is for a link followed inside the app.
      void navigate(missingParameterRedirect(`${PATHS.orderSuccess}${window.location.search}`)!, {
        replace: true,
      });
      return;
    }
    setToken(orderToken);
    pollUntil.current = Date.now() + POLL_FOR_MS;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page view
  }, [ready]);

  const polling = state.kind === 'order' && state.polling;
  useEffect(() => {
    if (!token) return;
    if (state.kind === 'loading') {
      void load(token);
      return;
    }
    if (!polling) return;
    const timer = setTimeout(() => void load(token), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [token, state, polling, load]);

  const checkAgain = () => {
    if (!token) return;
    pollUntil.current = Date.now() + POLL_FOR_MS;
    void load(token);
  };

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = (
      <div className="flex flex-col items-center gap-6 py-10 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('orderSuccess.title')}</h1>
        <Spinner label={t('orderSuccess.loading')} noScript={t('orderSuccess.noScript')} />
      </div>
    );
  } else if (state.kind === 'not_found' || state.kind === 'error') {
    const notFound = state.kind === 'not_found';
    body = (
      <Card className="py-10">
        <StatusPanel
          icon={
            notFound ? (
              <SearchX aria-hidden="true" className="h-8 w-8" />
            ) : (
              <CircleX aria-hidden="true" className="h-8 w-8" />
            )
          }
          tone={notFound ? 'bg-sand text-muted' : 'bg-red-100 text-red-800'}
          title={notFound ? t('orderSuccess.notFoundTitle') : t('orderSuccess.loadErrorTitle')}
        >
          <p className="mt-3 max-w-md text-lg text-muted">
            {notFound ? t('orderSuccess.notFoundText') : t('orderSuccess.loadErrorText')}
          </p>
          {notFound ? null : (
            <Button className="mt-6" onClick={() => token && setState({ kind: 'loading' })}>
              {t('orderSuccess.retry')}
            </Button>
          )}
        </StatusPanel>
      </Card>
    );
  } else {
    const { order } = state;
    const outcome = outcomeOf(order, state.polling);
    const { Icon, tone } = OUTCOME_STYLE[outcome];
    body = (
      <div className="flex flex-col gap-6">
        <Card className="py-8 sm:py-10" data-testid="order-outcome" data-outcome={outcome}>
          <StatusPanel
            icon={<Icon aria-hidden="true" className="h-8 w-8" />}
            tone={tone}
            title={t(`orderSuccess.outcome.${outcome}.title`)}
          >
            <p className="mt-3 max-w-xl text-lg text-muted" role="status">
              {t(`orderSuccess.outcome.${outcome}.text`, { email: order.customer_email })}
            </p>
            {outcome === 'waiting' ? (
              <>
                <span
                  aria-hidden="true"
                  className="mt-5 h-8 w-8 animate-spin rounded-full border-4 border-ember-200 border-t-ember-600"
                />
                {/* Drawn by the server for the address: without scripts nothing polls. */}
                <p className="mt-4 hidden max-w-xl text-sm text-muted noscript:block">
                  {t('orderSuccess.noScriptWaiting')}
                </p>
              </>
            ) : null}
            {(outcome === 'checkoutCancelled' || outcome === 'failed') && orderAgainPath(order) ? (
              <Button asChild className="mt-6">
                <Link to={orderAgainPath(order)!}>
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  {t('orderSuccess.orderAgain')}
                </Link>
              </Button>
            ) : null}
            {outcome === 'stillWaiting' ? (
              <Button className="mt-6" onClick={checkAgain}>
                {t('orderSuccess.checkAgain')}
              </Button>
            ) : null}
          </StatusPanel>
        </Card>

        <Card className="flex flex-col gap-6 p-5 sm:p-8">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 className="text-sm font-semibold text-muted">{t('order.number')}</h2>
              <p className="text-xl font-extrabold tracking-wide" data-testid="order-number">
                {order.order_number}
              </p>
              <p className="text-sm text-muted">
                {t('order.placedOn', { date: formatOrderDate(order.created_at, language) })}
              </p>
            </div>
            <OrderStatusBadges order={order} />
          </div>
          <OrderItemsTable order={order} />
          <div className="border-t border-sand pt-5">
            <h2 className="mb-3 text-base font-bold">{t('order.deliveryTitle')}</h2>
            <DeliveryDetails order={order} />
          </div>
          <EraseOrderDetails
            order={order}
            onErased={(erased) => setState({ kind: 'order', order: erased, polling: false })}
          />
        </Card>
      </div>
    );
  }

  return (
    <>
      <PageMeta title={t('orderSuccess.meta.title')} description={t('orderSuccess.meta.description')} />
      <section className="bg-gradient-to-b from-sand to-cream py-10 sm:py-14">
        <Container className="flex max-w-3xl flex-col gap-8">
          {body}
          <Links />
        </Container>
      </section>
    </>
  );
}
