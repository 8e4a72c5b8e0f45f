import type { Config } from '~/platform/config/config.server';
import { createStripeProvider } from './stripe.server';
import { createTestProvider } from './test-provider.server';
import type { PaymentProvider } from './types';

const providers = new WeakMap<Config, PaymentProvider>();

/**
 * The provider the configuration chose (`config.PAYMENTS`, decided and checked by
 * loadConfig: in production the test provider only when PAYMENTS=test says so).
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = config.PAYMENTS === 'stripe' ? createStripeProvider(config) : createTestProvider();
    providers.set(config, provider);
  }
  return provider;
}

/** The one start-up line that says who takes the payments. */
export function paymentsStartLine(config: Config): string {
  return config.PAYMENTS === 'stripe'
    ? 'Payments: Stripe (real card payments)'
    : 'Payments: TEST MODE — orders are paid on the built-in test page and no money is taken (PAYMENTS=test to choose it in production)';
}
