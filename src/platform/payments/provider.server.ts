import type { Config } from '~/platform/config/config.server';
import { createStripeProvider } from './stripe.server';
import { createTestProvider } from './test-provider.server';

export type PaymentProviderName = 'stripe' | 'test';

export interface CheckoutLineItem {
  name: string;
  quantity: number;
  /** Integer pence, from the products table. */
  unitAmount: number;
}

export interface CheckoutRequest {
  orderId: string;
  orderNumber: string;
  /** The order's public token: the success page's address. */
  token: string;
  customerEmail: string;
  language: 'lt' | 'en';
  currency: 'GBP';
  items: CheckoutLineItem[];
  /** Site path the customer returns to when they cancel (the product's page). */
  cancelPath: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay (absolute for Stripe, a site path for the test provider). */
  url: string;
}

/** What the provider says about a checkout session, asked server to server. */
export interface SessionStatus {
  paid: boolean;
  orderId: string | null;
  amountTotal: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the provider whether a session is paid (the success page's return race). */
  retrieveSession(sessionId: string): Promise<SessionStatus | null>;
}

const providers = new WeakMap<Config, PaymentProvider>();

/**
 * Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the embedded
 * test provider. One of the two set without the other is a configuration mistake: refuse
 * to start rather than silently take test payments.
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
    if (Boolean(key) !== Boolean(webhookSecret)) {
      throw new Error(
        'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments with Stripe',
      );
    }
    provider = key && webhookSecret ? createStripeProvider(config) : createTestProvider();
    providers.set(config, provider);
  }
  return provider;
}
