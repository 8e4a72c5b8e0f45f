import Stripe from 'stripe';
import type { Config } from '~/platform/config/config.server';
import type { PaymentProvider, SessionStatus } from './types';

export interface StripeProvider extends PaymentProvider {
  name: 'stripe';
  stripe: Stripe;
  webhookSecret: string;
}

/** SDK options; STRIPE_API_URL points the SDK at a local fake in tests. */
function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** A session counts as paid only when Stripe says the checkout is complete and paid. */
export function isSessionPaid(session: Stripe.Checkout.Session): boolean {
  return (
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
  );
}

export function sessionOrderId(session: Stripe.Checkout.Session): string | null {
  return session.client_reference_id ?? session.metadata?.order_id ?? null;
}

export function createStripeProvider(config: Config): StripeProvider {
  const stripe = stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_URL);
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  return {
    name: 'stripe',
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId, order_number: request.orderNumber },
          payment_intent_data: {
            description: request.orderNumber,
            metadata: { order_id: request.orderId, order_number: request.orderNumber },
          },
          customer_email: request.customerEmail,
          locale: request.language === 'lt' ? 'lt' : 'en-GB',
          line_items: request.items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: item.unitAmount,
              product_data: { name: item.name },
            },
          })),
          // Back in the order's language (decision 0049).
          success_url: `${base}/order-success?order_id=${request.token}&lang=${request.language}`,
          cancel_url: `${base}${request.cancelPath}?payment=cancelled&lang=${request.language}`,
        },
        // One Checkout Session per order: a retried request can never create a second one.
        { idempotencyKey: `checkout-session-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    retrieveSession: async (sessionId): Promise<SessionStatus> => {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return {
        paid: isSessionPaid(session),
        orderId: sessionOrderId(session),
        amountTotal: session.amount_total ?? null,
        currency: session.currency ?? null,
      };
    },
  };
}
