// The shop feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '~/platform/db/schema';

export type OrderStatus =
  'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'expired';

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export interface DeliveryAddress {
  street: string;
  city: string;
  postal_code: string;
  country: string;
}

interface ProductsTable {
  id: string;
  category: string;
  name_lt: string;
  name_en: string;
  price_pence: number;
  currency: Generated<string>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Timestamp;
}

interface BbqOrdersTable {
  id: Generated<string>;
  order_number: string;
  public_token: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: Json<DeliveryAddress | null> | null;
  delivery_cost: Generated<number>;
  notes: string | null;
  total_amount: number;
  currency: Generated<string>;
  order_status: Generated<OrderStatus>;
  payment_status: Generated<PaymentStatus>;
  language: Generated<string>;
  payment_provider: string | null;
  payment_session_id: string | null;
  checkout_started_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** The customer pressed Cancel on the checkout page (the order stays pending). */
  checkout_cancelled_at: Timestamp | null;
  /** Payment arrived after the order was cancelled or expired: the admin must look. */
  payment_flagged: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface BbqOrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  product_price: number;
  total_price: number;
}

interface PaymentEventsTable {
  event_id: string;
  provider: string;
  type: string;
  order_id: string | null;
  received_at: CreatedAt;
}

declare module '~/platform/db/schema' {
  interface Database {
    products: ProductsTable;
    bbq_orders: BbqOrdersTable;
    bbq_order_items: BbqOrderItemsTable;
    payment_events: PaymentEventsTable;
  }
}

export type Order = Selectable<BbqOrdersTable>;
export type NewOrder = Insertable<BbqOrdersTable>;
export type NewOrderItem = Insertable<BbqOrderItemsTable>;
