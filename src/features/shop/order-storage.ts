import { ORDER_TOKEN_PATTERN } from './order-view';

/**
 * The orders placed in this browser, remembered by their public tokens (no account):
 * /order-history lists them. Newest first, at most MAX_REMEMBERED.
 */
const STORAGE_KEY = 'bbq-orders';
const MAX_REMEMBERED = 50;

export interface RememberedOrder {
  token: string;
  order_number: string;
}

export function readRememberedOrders(): RememberedOrder[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is RememberedOrder =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.token === 'string' &&
        ORDER_TOKEN_PATTERN.test(entry.token) &&
        typeof entry.order_number === 'string',
    );
  } catch {
    return [];
  }
}

export function rememberOrder(order: RememberedOrder): void {
  try {
    const remembered = readRememberedOrders();
    if (remembered.some((entry) => entry.token === order.token)) return;
    const next = [{ token: order.token, order_number: order.order_number }, ...remembered].slice(
      0,
      MAX_REMEMBERED,
    );
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled (private mode): the order is still reachable through its e-mail.
  }
}
