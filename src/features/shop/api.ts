import { endpoint } from '~/platform/http/api';

/** The shop's API, written once for the server (shop.server.ts) and the pages (shop-api.ts). */
export const SHOP_ENDPOINTS = {
  /** POST an OrderRequest → CreateOrderResponse (where to pay). */
  createOrder: endpoint('/api/orders'),
  /** GET one order by its public token (the success page polls it). */
  order: endpoint('/api/orders/:token'),
  /** POST: the customer removes their personal details from a finished order → OrderView. */
  erase: endpoint('/api/orders/:token/erase'),
  /** POST { tokens } → the orders placed in this browser. */
  lookup: endpoint('/api/orders/lookup'),
  /** POST { email, language }: 'e-mail me my orders'. */
  historyLink: endpoint('/api/orders/history-link'),
  /** GET ?link=… → the orders of the address the signed link was made for. */
  history: endpoint('/api/orders/history'),
  /** Stripe's signed webhook (server to server). */
  stripeWebhook: endpoint('/api/payments/stripe/webhook'),
};
