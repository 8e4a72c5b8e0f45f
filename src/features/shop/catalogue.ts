import { PATHS } from '~/platform/paths';
/**
 * The sponsor partner's products that we sell through our own checkout, in GBP.
 * This is the single source of prices: the server seeds the `products` table from it at
 * start (orders are priced from that table), and pages import it for display.
 * Prices are integer pence.
 */
export type ProductCategory = 'charcoal' | 'grill' | 'wood' | 'accessory' | 'spice';

export interface CatalogueProduct {
  id: string;
  category: ProductCategory;
  name: { lt: string; en: string };
  pricePence: number;
}

const spice = (id: string, lt: string, en: string): CatalogueProduct => ({
  id: `spice-${id}`,
  category: 'spice',
  name: { lt, en },
  pricePence: 799,
});

export const CATALOGUE: readonly CatalogueProduct[] = [
  {
    id: 'charcoal-10kg',
    category: 'charcoal',
    name: { lt: 'Medžio anglys 10 kg', en: 'Lumpwood charcoal 10 kg' },
    pricePence: 1999,
  },
  {
    id: 'kamado-grill',
    category: 'grill',
    name: { lt: 'Kamado kepsninė', en: 'Kamado grill' },
    pricePence: 85000,
  },
  {
    id: 'wood-chips',
    category: 'wood',
    name: { lt: 'Rūkymo drožlės', en: 'Smoking wood chips' },
    pricePence: 499,
  },
  {
    id: 'bbq-gloves',
    category: 'accessory',
    name: { lt: 'Karščiui atsparios pirštinės', en: 'Heat-resistant BBQ gloves' },
    pricePence: 1444,
  },
  spice('shashlik', 'Šašlykų prieskoniai', 'Shashlik seasoning'),
  spice('steak', 'Kepsnių prieskoniai', 'Steak seasoning'),
  spice('chicken', 'Vištienos prieskoniai', 'Chicken seasoning'),
  spice('pork-ribs', 'Šonkaulių BBQ prieskoniai', 'BBQ rib rub'),
  spice('fish', 'Žuvies prieskoniai', 'Fish seasoning'),
  spice('vegetables', 'Daržovių prieskoniai', 'Vegetable seasoning'),
  spice('garlic-herb', 'Česnakų ir žolelių mišinys', 'Garlic and herb blend'),
];

export function findProduct(id: string): CatalogueProduct | undefined {
  return CATALOGUE.find((product) => product.id === id);
}

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

export function productName(product: CatalogueProduct, language: string): string {
  return language === 'en' ? product.name.en : product.name.lt;
}
