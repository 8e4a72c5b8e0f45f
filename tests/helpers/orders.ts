import { sql, type Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';

/** A valid order for POST /api/orders (test payment provider): 2 × 10 kg charcoal, delivered. */
export const VALID_ORDER = {
  product_id: 'charcoal-10kg',
  quantity: 2,
  customer_name: 'Jonas Jonaitis',
  customer_email: 'jonas@example.lt',
  customer_phone: '+44 7700 900123',
  delivery_method: 'delivery',
  delivery_address: { street: '5 Lake Road', city: 'Cardiff', postal_code: 'CF10 1AA', country: 'GB' },
  language: 'lt',
} as const;

/**
 * The n-th of 16 million distinct client addresses. Order creation is rate-limited per IP
 * (15 a minute), so load tests run the server with TRUST_PROXY=true and send every request
 * from its own address (X-Forwarded-For) to measure the handler rather than the limiter.
 */
export function clientIp(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface AcknowledgedOrder {
  token: string;
  order_number: string;
}

export interface OrderAudit {
  /** Orders answered 2xx that are missing, or stored without their item. */
  lost: AcknowledgedOrder[];
  /** All orders in the table (may exceed the acknowledged ones: requests cut off mid-way). */
  rows: number;
  /** Rows of bbq_order_items. */
  items: number;
}

/** Checks that every acknowledged order exists with its item, by token and order number. */
export async function auditOrders(
  db: Kysely<Database>,
  acknowledged: AcknowledgedOrder[],
): Promise<OrderAudit> {
  const stored = await db
    .selectFrom('bbq_orders as o')
    .leftJoin('bbq_order_items as i', 'i.order_id', 'o.id')
    .select(['o.public_token', 'o.order_number', sql<number>`count(i.id)::int`.as('items')])
    .groupBy(['o.public_token', 'o.order_number'])
    .execute();
  const byToken = new Map(stored.map((row) => [row.public_token, row]));
  const lost = acknowledged.filter((order) => {
    const row = byToken.get(order.token);
    return !row || row.order_number !== order.order_number || row.items !== 1;
  });
  const { items } = await db
    .selectFrom('bbq_order_items')
    .select(sql<number>`count(*)::int`.as('items'))
    .executeTakeFirstOrThrow();
  return { lost, rows: stored.length, items };
}
