import type { Kysely } from 'kysely';
import { CATALOGUE } from './catalogue';
import type { Database } from '~/platform/db/schema';

/** Brings the products table in line with the catalogue; idempotent. */
export async function seedProducts(db: Kysely<Database>): Promise<void> {
  const rows = CATALOGUE.map((product, index) => ({
    id: product.id,
    category: product.category,
    name_lt: product.name.lt,
    name_en: product.name.en,
    price_pence: product.pricePence,
    sort_order: index,
  }));
  await db
    .insertInto('products')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        category: eb.ref('excluded.category'),
        name_lt: eb.ref('excluded.name_lt'),
        name_en: eb.ref('excluded.name_en'),
        price_pence: eb.ref('excluded.price_pence'),
        sort_order: eb.ref('excluded.sort_order'),
        active: true,
        updated_at: new Date(),
      })),
    )
    .execute();
}
