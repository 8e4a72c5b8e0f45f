import type { OrderStatus } from './tables';

/**
 * The order workflow (docs/PRODUCT.md, Flows), shared by the admin's buttons and the API,
 * which refuses anything else with 409.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
] as const satisfies readonly OrderStatus[];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;

/** Button → the status it moves an order to, and the only statuses it may start from. */
export const ORDER_ACTIONS = [
  { action: 'confirm', to: 'confirmed', from: ['pending'] },
  { action: 'process', to: 'processing', from: ['confirmed'] },
  { action: 'ship', to: 'shipped', from: ['processing'] },
  { action: 'deliver', to: 'delivered', from: ['shipped'] },
  { action: 'cancel', to: 'cancelled', from: ['pending', 'confirmed', 'processing'] },
] as const satisfies readonly { action: string; to: OrderStatus; from: readonly OrderStatus[] }[];

export type OrderAction = (typeof ORDER_ACTIONS)[number]['action'];
export const ORDER_ACTION_NAMES = ORDER_ACTIONS.map((a) => a.action) as [OrderAction, ...OrderAction[]];

export function orderActionAllowed(action: OrderAction, current: string): boolean {
  const rule = ORDER_ACTIONS.find((a) => a.action === action);
  return !!rule && (rule.from as readonly string[]).includes(current);
}

/** Manual "mark paid" is refused for orders that are no longer going ahead. */
export function markPaidAllowed(order: { order_status: string; payment_status: string }): boolean {
  return (
    order.payment_status !== 'paid' && order.order_status !== 'cancelled' && order.order_status !== 'expired'
  );
}

/** A confirmation e-mail is only re-sent for orders that are still going ahead. */
export function resendAllowed(order: { order_status: string }): boolean {
  return order.order_status !== 'cancelled' && order.order_status !== 'expired';
}
