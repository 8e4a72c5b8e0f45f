import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './types';

const TEST_SESSION_PREFIX = 'test_';
export const TEST_SESSION_PATTERN = /^test_[A-Za-z0-9_-]{32}$/;

/**
 * The embedded provider used when Stripe is not configured: a session is a random id and
 * its checkout page is our own /pay/test/<session> (server/payments/test-checkout.ts), which
 * confirms payments through the same fulfilment function as the Stripe webhook.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    createCheckout: async () => {
      const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `/pay/test/${sessionId}` };
    },
    // The test checkout page confirms payments itself; there is nothing to ask.
    retrieveSession: async () => null,
  };
}
