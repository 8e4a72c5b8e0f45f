import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { ContentFollower } from '~/platform/content/follower.server';
import { productsContent, type ProductContent } from './products';

/**
 * The `products` table follows the published products (content the organisers edit):
 * orders are priced from the table, so a new price applies to new orders only. A product
 * taken out of the list stays in the table, inactive (old orders still name it).
 */
export async function syncProducts(db: Kysely<Database>, products: readonly ProductContent[]): Promise<void> {
  const now = new Date();
  if (products.length > 0) {
    await db
      .insertInto('products')
      .values(
        products.map((product, index) => ({
          id: product.id,
          category: product.category,
          name_lt: product.name.lt,
          name_en: product.name.en,
          price_pence: product.price,
          sort_order: index,
          active: product.onSale,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          category: eb.ref('excluded.category'),
          name_lt: eb.ref('excluded.name_lt'),
          name_en: eb.ref('excluded.name_en'),
          price_pence: eb.ref('excluded.price_pence'),
          sort_order: eb.ref('excluded.sort_order'),
          active: eb.ref('excluded.active'),
          updated_at: now,
        })),
      )
      .execute();
  }
  const listed = products.map((product) => product.id);
  let retired = db.updateTable('products').set({ active: false, updated_at: now }).where('active', '=', true);
  if (listed.length > 0) retired = retired.where('id', 'not in', listed);
  await retired.execute();
}

export const productsFollower: ContentFollower = {
  type: productsContent,
  apply: (db, published) => syncProducts(db, (published as { products: ProductContent[] }).products),
};
