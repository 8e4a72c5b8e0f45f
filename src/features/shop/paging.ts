import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { definePagedList } from '~/platform/content/paged-list';
import { PATHS } from '~/platform/paths';
import { PRODUCT_GROUPS, productsContent, type ProductCategory } from './products';

// The shop's lists shown in pages (platform/content/paged-list.ts), read by their loaders
// (products-on-sale.ts) and by the server's list of pages.

const inGroup = (group: (typeof PRODUCT_GROUPS)[number], product: { category: ProductCategory }) =>
  (group.categories as readonly ProductCategory[]).includes(product.category);

/** The products on sale, in the organisers' order (photos not resolved). */
export const onSale = (content: SiteContent) =>
  contentOf(content, productsContent).products.filter((item) => item.onSale);

/** The products page's list: every product of a group, group after group. */
export function grouped<T extends { category: ProductCategory }>(products: readonly T[]): T[] {
  return PRODUCT_GROUPS.flatMap((group) => products.filter((product) => inGroup(group, product)));
}

export const spicesOf = <T extends { category: ProductCategory }>(products: readonly T[]) =>
  products.filter((product) => product.category === 'spice');

/** The products page: twelve cards a page (~0.45 KB of HTML each). */
export const productsList = definePagedList({
  path: PATHS.partnerProducts,
  perPage: 12,
  count: (content) => grouped(onSale(content)).length,
});

/** The spices page: twelve spice cards a page. */
export const spicesList = definePagedList({
  path: PATHS.partnerSpices,
  perPage: 12,
  count: (content) => spicesOf(onSale(content)).length,
});
