import { PATHS } from '~/platform/paths';

/**
 * The sponsor partner: their own online store (EUR, external) and their contacts. The
 * contact details are demo placeholders until the partner confirms theirs: the UK number
 * is from Ofcom's range reserved for drama, the e-mail addresses use example.com, and the
 * page shows a "Demo" label next to them.
 */
export const PARTNER = {
  name: 'Reduk',
  storeUrl: 'https://reduk.lt',
  contacts: [
    { id: 'lt', phone: '+370 600 00000', email: 'reduk.lt@example.com' },
    { id: 'uk', phone: '+44 7700 900456', email: 'reduk.uk@example.com' },
  ],
} as const;

/**
 * The six popular products on /sponsor/reduk, in order (product 1 … 6). Our own GBP products
 * lead to their page on this site; the partner's smoking accessories to the partner's store.
 */
export type PopularProduct =
  { kind: 'store'; itemId: string } | { kind: 'page'; productId: string; to: string; group?: 'spice' };

export const POPULAR_PRODUCTS: readonly PopularProduct[] = [
  { kind: 'store', itemId: 'smoke-generator' },
  { kind: 'page', productId: 'charcoal-10kg', to: PATHS.partnerCharcoal },
  { kind: 'store', itemId: 'dust-alder' },
  { kind: 'store', itemId: 'chips-apple' },
  { kind: 'store', itemId: 'smoker-box' },
  { kind: 'page', productId: 'spice-shashlik', to: PATHS.partnerSpices, group: 'spice' },
];
