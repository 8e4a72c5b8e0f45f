import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { resolvePhoto } from '~/platform/media/resolve';
import { productsContent, type Product } from './products';
import { smokingCatalogueContent, type SmokingItem } from './smoking-catalogue';
import { partnerTexts } from './texts';

// Loaders only: resolving the photos that came with the site needs the build's image map.

/** The products on sale, as a shop route's loader hands them to its page. */
export function productsOnSale(content: SiteContent): Product[] {
  return contentOf(content, productsContent)
    .products.filter((item) => item.onSale)
    .map((item) => {
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

/** The loader of the partner's pages: their texts and the products on sale. */
export function partnerPageData(content: SiteContent) {
  return { texts: contentOf(content, partnerTexts), products: productsOnSale(content) };
}
