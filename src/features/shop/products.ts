import initialProducts from '@content/initial/products.json' with { type: 'json' };
import { z } from 'zod';
import { defineContentType, type ContentOf } from '~/platform/content/content-type';
import { choice, flag, group, image, list, localized, money, slug } from '~/platform/content/fields';
import { PATHS } from '~/platform/paths';
import type { Photo } from '~/platform/media/photos';

const PRODUCT_CATEGORIES = ['charcoal', 'grill', 'wood', 'accessory', 'spice'] as const;

const product = group(
  {
    id: slug({ label: 'content:products.id', help: 'content:products.idHelp' }),
    category: choice({ label: 'content:products.category', options: PRODUCT_CATEGORIES }),
    name: localized({ label: 'content:products.name', max: 120 }),
    price: money({ label: 'content:products.price', help: 'content:products.priceHelp' }),
    onSale: flag({ label: 'content:products.onSale' }),
    image: image({ label: 'content:products.image', help: 'content:products.imageHelp', optional: true }),
    description: localized({ label: 'content:products.description', multiline: true, max: 400 }),
    fullDescription: localized({ label: 'content:products.fullDescription', multiline: true }),
    features: list(localized({ label: 'content:products.feature', max: 120 }), {
      label: 'content:products.features',
      max: 12,
    }),
    usage: localized({ label: 'content:products.usage', multiline: true, optional: true }),
  },
  { label: 'content:products.product' },
);

/**
 * The products the shop sells (our own checkout, in GBP): what the organisers edit. On
 * publish the `products` table follows it (orders are priced from that table, so a new
 * price applies to new orders only; an order keeps what was charged).
 */
export const productsContent = defineContentType({
  id: 'products',
  label: 'content:types.products',
  schema: z.strictObject({
    products: list(product, {
      label: 'content:products.list',
      itemTitle: 'name',
      max: 100,
      uniqueBy: (item) => item.id,
    }),
  }),
  pages: [PATHS.partner, PATHS.partnerCharcoal, PATHS.partnerProducts, PATHS.partnerSpices],
});

export type ProductContent = ContentOf<typeof productsContent>['products'][number];
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The products page's groups, in their order: the grill things, then the spices. */
export const PRODUCT_GROUPS = [
  { id: 'grill', categories: ['charcoal', 'grill', 'wood', 'accessory'] },
  { id: 'spice', categories: ['spice'] },
] as const satisfies ReadonlyArray<{ id: string; categories: readonly ProductCategory[] }>;

/** A product as the shop's pages show it: its uploaded photo resolved (else the bundled picture). */
export type Product = ProductContent & { photo?: Photo };

/** The lowest price in a category ("from £7.99"), or 0 when none is on sale. */
export function lowestPrice(products: readonly Product[], category: ProductCategory): number {
  const prices = products.filter((product) => product.category === category).map((product) => product.price);
  return prices.length > 0 ? Math.min(...prices) : 0;
}

/** The first content (content/initial/products.json), for tests and the first start. */
export const INITIAL_PRODUCTS = initialProducts.products as ProductContent[];
