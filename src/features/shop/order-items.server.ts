import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { OrderItemView } from './order-view';

/**
 * The items of some orders, each with its product's names today (so the customer's page and
 * the admin area can each show it in their own language), grouped by order id.
 */
export async function itemsOfOrders(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, OrderItemView[]>> {
  const byOrder = new Map<string, OrderItemView[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const items = await db
    .selectFrom('bbq_order_items')
    .leftJoin('products', 'products.id', 'bbq_order_items.product_id')
    .select([
      'bbq_order_items.order_id',
      'bbq_order_items.product_id',
      'bbq_order_items.product_name',
      'bbq_order_items.quantity',
      'bbq_order_items.product_price',
      'bbq_order_items.total_price',
      'products.name_lt',
      'products.name_en',
      'products.category',
    ])
    .where('bbq_order_items.order_id', 'in', orderIds)
    .orderBy('bbq_order_items.product_name')
    .execute();
  for (const { order_id, name_lt, name_en, category, ...item } of items)
    byOrder.get(order_id)?.push({
      ...item,
      product_names: name_lt && name_en ? { lt: name_lt, en: name_en } : null,
      product_category: category,
    });
  return byOrder;
}
