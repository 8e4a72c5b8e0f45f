import type { DeliveryAddress, OrderStatus, PaymentStatus } from './tables';

/** An order's public token: base64url of 32 random bytes (256 bits). */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** An order as the public API shows it to whoever holds its token (amounts in pence). */
export interface OrderItemView {
  product_id: string;
  /** The name as the order was placed (in the order's language). */
  product_name: string;
  /** The product's names now, when it is still in the catalogue. */
  product_names: { lt: string; en: string } | null;
  product_category: string | null;
  quantity: number;
  product_price: number;
  total_price: number;
}

export interface OrderView {
  token: string;
  order_number: string;
  created_at: string;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  /** The customer pressed Cancel on the checkout page and has not paid since. */
  checkout_cancelled: boolean;
  /** Placed with the built-in TEST MODE provider: no money is taken (PAYMENTS=test). */
  test_payment: boolean;
  customer_name: string;
  customer_email: string;
  /** The customer's personal details were removed (the order stays as an accounting record). */
  personal_erased: boolean;
  /** The customer may remove them now: the order is over (delivered, cancelled or expired). */
  erasable: boolean;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: DeliveryAddress | null;
  delivery_cost: number;
  total_amount: number;
  currency: string;
  items: OrderItemView[];
}

/** What /order-success's loader hands the page when the server read its token (issue 34). */
export type OrderPageData = { kind: 'order'; order: OrderView } | { kind: 'not_found' } | { kind: 'error' };

export interface CreateOrderResponse {
  url: string;
  order_number: string;
  token: string;
}

export interface OrderHistoryResponse {
  email: string;
  expires_at: string;
  orders: OrderView[];
}
