import { PATHS } from '~/platform/paths';
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** '£19.99' in both languages: the shop's one currency, written the way UK shops write it. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** The partner page a product is sold on (where a cancelled checkout returns to). */
export function productPagePath(category: string): string {
  if (category === 'charcoal') return PATHS.partnerCharcoal;
  if (category === 'spice') return PATHS.partnerSpices;
  return PATHS.partnerProducts;
}
