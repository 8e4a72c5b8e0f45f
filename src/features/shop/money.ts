import { PATHS } from '~/platform/paths';

/** The partner page a product is sold on (where a cancelled checkout returns to). */
export function productPagePath(category: string): string {
  if (category === 'charcoal') return PATHS.partnerCharcoal;
  if (category === 'spice') return PATHS.partnerSpices;
  return PATHS.partnerProducts;
}
