import type { Config } from '~/platform/config/config.server';
import { createStripeProvider } from './stripe.server';
import { createTestProvider } from './test-provider.server';
import type { PaymentProvider } from './types';

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
