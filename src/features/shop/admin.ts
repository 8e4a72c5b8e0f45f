import type { OrderItemView } from './order-view';
import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';
import { ORDER_STATUSES } from './workflow';

// The shop in the admin area: the orders list, its actions, and the payments' health.

export const ORDERS_LIST: AdminListDefinition = {
  name: 'orders',
  filters: ORDER_STATUSES,
  filterGroup: 'orderStatus',
};

export const ORDER_ADMIN_ENDPOINTS = {
  status: endpoint('/api/admin/orders/:id/status'),
  markPaid: endpoint('/api/admin/orders/:id/mark-paid'),
  resendConfirmation: endpoint('/api/admin/orders/:id/resend-confirmation'),
  clearFlag: endpoint('/api/admin/orders/:id/clear-flag'),
  paymentsHealth: endpoint('/api/admin/payments-health'),
};

/** An order's line as the admin sees it: the customer's page's own view of it (order-view.ts). */
export type OrderItemRow = OrderItemView;

/** An order as the admin list shows it (dates as ISO strings, money in pence). */
export interface OrderRow {
  id: string;
  order_number: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: { street: string; city: string; postal_code: string; country: string } | null;
  delivery_cost: number;
  notes: string | null;
  total_amount: number;
  order_status: string;
  payment_status: string;
  payment_flagged: boolean;
  /** Placed with the built-in TEST MODE provider: no money was taken. */
  test_payment: boolean;
  checkout_started_at: string | null;
  paid_at: string | null;
  created_at: string;
  items: OrderItemRow[];
}

export interface HealthOrder {
  id: string;
  order_number: string;
  customer_name: string;
  total_amount: number;
  order_status: string;
  payment_status: string;
  checkout_started_at: string | null;
  paid_at: string | null;
}

export interface PaymentsHealth {
  lastWebhookAt: string | null;
  stuckAfterMinutes: number;
  stuck: HealthOrder[];
  flagged: HealthOrder[];
}

/** An item's name in the admin's language (the stored name when the product is gone). */
export function adminItemName(item: OrderItemRow, language: string): string {
  return item.product_names?.[language === 'en' ? 'en' : 'lt'] ?? item.product_name;
}
