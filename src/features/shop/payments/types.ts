// What every payment provider (Stripe, the built-in test provider) offers the shop.

export type PaymentProviderName = 'stripe' | 'test';

interface CheckoutLineItem {
  name: string;
  quantity: number;
  /** Integer pence, from the products table. */
  unitAmount: number;
}

interface CheckoutRequest {
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

interface CheckoutSession {
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
