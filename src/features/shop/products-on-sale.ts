import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { type ListPage, listPagePath } from '~/platform/content/paged-list';
import { resolvePhoto } from '~/platform/media/resolve';
import { PATHS } from '~/platform/paths';
import { POPULAR_PRODUCTS } from './partner';
import { grouped, onSale, spicesList, spicesOf } from './paging';
import { lowestPrice, type Product } from './products';
import { smokingCatalogueContent, type SmokingItem } from './smoking-catalogue';
import { partnerTexts } from './texts';

// Loaders only: resolving the photos that came with the site needs the build's image map.
// Each shop page carries the products it shows, not the whole catalogue (issue 34).

/** The product `id` if it is on sale, its photo resolved (an order page). */
export function productOnSale(content: SiteContent, id: string | undefined): Product | undefined {
  return withPhotos(
    onSale(content).filter((item) => item.id === id),
    content,
  )[0];
}

function withPhotos(products: readonly Product[], content: SiteContent): Product[] {
  return products.map((item) => {
    const photo = item.image ? resolvePhoto(item.image, content.media) : undefined;
    return photo ? { ...item, photo } : item;
  });
}

/** The partner's smoking accessories, with their uploaded photos resolved. */
export function smokingCatalogue(content: SiteContent): SmokingItem[] {
  return contentOf(content, smokingCatalogueContent).items.map((item) => {
    const photo = item.image ? resolvePhoto(item.image, content.media) : undefined;
    return photo ? { ...item, photo } : item;
  });
}

/**
 * The loader data of a partner page: its texts, the products it shows (`pick` chooses them
 * from those on sale), and the lowest spice price ("from £…", over every spice on sale).
 */
export function partnerPageData(content: SiteContent, pick: (products: Product[]) => Product[]) {
  const all = onSale(content);
  return {
    texts: contentOf(content, partnerTexts),
    products: withPhotos(pick(all), content),
    spicePrice: lowestPrice(all, 'spice'),
  };
}

/** The partner's own page: the products its popular list names. */
export function popularProducts(products: Product[]): Product[] {
  const named = new Set(
    POPULAR_PRODUCTS.flatMap((entry) => (entry.kind === 'page' ? [entry.productId] : [])),
  );
  return products.filter((product) => named.has(product.id));
}

/** The charcoal page: its one product, the first charcoal on sale. */
export const charcoalProduct = (products: Product[]) =>
  products.filter((product) => product.category === 'charcoal').slice(0, 1);

/** One page of the products page: its products, grouped, and where each spice's own card is. */
export function productsPage(content: SiteContent, page: ListPage) {
  const data = partnerPageData(content, (all) => grouped(all).slice(page.from, page.to));
  const spices = spicesOf(onSale(content)).map((product) => product.id);
  // A spice's details: its card on the spices page that holds it.
  const details = Object.fromEntries(
    spicesOf(data.products).map((product) => {
      const index = spices.indexOf(product.id);
      const at = listPagePath(PATHS.partnerSpices, Math.floor(index / spicesList.perPage) + 1);
      return [product.id, `${at}#${product.id}`];
    }),
  );
  return { ...data, details, page };
}

/** One page of the spices page. */
export function spicesPage(content: SiteContent, page: ListPage) {
  return { ...partnerPageData(content, (all) => spicesOf(all).slice(page.from, page.to)), page };
}
