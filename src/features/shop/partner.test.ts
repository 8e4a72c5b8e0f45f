import { describe, expect, it } from 'vitest';
import { POPULAR_PRODUCTS } from './partner';
import { productImage } from './product-image';
import { INITIAL_PRODUCTS, productsContent } from './products';
import { formatMoney } from '~/platform/i18n/format';
import initialCatalogue from '@content/initial/smoking-catalogue.json' with { type: 'json' };
import {
  CATEGORY_SLUGS,
  categoryFromSlug,
  type SmokingItem,
  smokingCatalogueContent,
} from './smoking-catalogue';

// Not exported by the type's module: the partner page's scripts would carry the whole list.
const SMOKING_CATALOGUE = initialCatalogue.items as SmokingItem[];

describe('smoking-accessories catalogue (partner store, EUR; the first content)', () => {
  it('is valid content with 13 products: 3 equipment, 5 dust, 5 chips', () => {
    expect(smokingCatalogueContent.schema.safeParse({ items: SMOKING_CATALOGUE }).success).toBe(true);
    expect(SMOKING_CATALOGUE).toHaveLength(13);
    const count = (category: string) => SMOKING_CATALOGUE.filter((item) => item.category === category).length;
    expect([count('equipment'), count('dust'), count('chips')]).toEqual([3, 5, 5]);
    expect(new Set(SMOKING_CATALOGUE.map((item) => item.id)).size).toBe(13);
  });

  it('prices everything at €4.89 except the smoke generator at €14.99', () => {
    for (const item of SMOKING_CATALOGUE) {
      expect(item.price, item.id).toBe(item.id === 'smoke-generator' ? 1499 : 489);
    }
    expect(formatMoney(489, 'en', 'EUR')).toBe('€4.89');
    expect(formatMoney(1499, 'lt', 'EUR').replace(/\s/g, ' ')).toBe('14,99 €');
  });

  it('names and describes every product in lt and en, with an image', () => {
    for (const item of SMOKING_CATALOGUE) {
      for (const language of ['lt', 'en'] as const) {
        expect(item.name[language].trim()).not.toBe('');
        expect(item.description[language].trim()).not.toBe('');
      }
      expect(item.name.lt).not.toBe(item.name.en);
      expect(productImage(item), item.id).toBeDefined();
    }
  });

  it('maps the ?kategorija= values to categories and back', () => {
    for (const [category, slug] of Object.entries(CATEGORY_SLUGS)) {
      expect(categoryFromSlug(slug)).toBe(category);
    }
    expect(categoryFromSlug('visi')).toBeUndefined();
    expect(categoryFromSlug(null)).toBeUndefined();
  });
});

describe('GBP products (the first content) on the partner pages', () => {
  it('is valid content: every product named and described in both languages, with a picture', () => {
    expect(productsContent.schema.safeParse({ products: INITIAL_PRODUCTS }).success).toBe(true);
    for (const product of INITIAL_PRODUCTS) {
      for (const language of ['lt', 'en'] as const) {
        expect(product.description[language].trim()).not.toBe('');
        expect(product.fullDescription[language].trim()).not.toBe('');
      }
      expect(product.features.length).toBeGreaterThan(0);
      expect(productImage(product), product.id).toBeDefined();
    }
  });

  it('has seven spice mixes, each with a usage tip in both languages', () => {
    const spices = INITIAL_PRODUCTS.filter((product) => product.category === 'spice');
    expect(spices).toHaveLength(7);
    for (const spice of spices) {
      expect(spice.usage.lt, spice.id).toBeTruthy();
      expect(spice.usage.en, spice.id).toBeTruthy();
    }
  });

  it('never writes a price in the texts (the price field is the one source of prices)', () => {
    const texts = INITIAL_PRODUCTS.map(({ price: _price, ...texts }) => texts);
    expect(JSON.stringify(texts)).not.toMatch(/£\s?\d/);
  });

  it('refuses two products with one code, a price of zero and a code that is not a slug', () => {
    const [first, second] = INITIAL_PRODUCTS;
    const issues = (products: unknown[]) =>
      productsContent.schema.safeParse({ products }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues([first, { ...second!, id: first!.id }])).toContain('content:errors.duplicate');
    expect(issues([{ ...first!, price: 0 }])).toContain('content:errors.pricePositive');
    expect(issues([{ ...first!, id: 'Charcoal 10kg' }])).toContain('content:errors.slug');
  });
});

describe('popular products on /sponsor/reduk', () => {
  it('has six: product 2 is the charcoal page, product 6 the spice page, the rest from the store', () => {
    expect(POPULAR_PRODUCTS).toHaveLength(6);
    expect(POPULAR_PRODUCTS[1]).toMatchObject({ kind: 'page', to: '/sponsor/reduk/anglys' });
    expect(POPULAR_PRODUCTS[5]).toMatchObject({ kind: 'page', to: '/sponsor/reduk/prieskoniai' });
    for (const [index, entry] of POPULAR_PRODUCTS.entries()) {
      if (index === 1 || index === 5) {
        expect(entry.kind === 'page' && INITIAL_PRODUCTS.some((p) => p.id === entry.productId)).toBe(true);
      } else {
        expect(entry.kind).toBe('store');
        expect(entry.kind === 'store' && SMOKING_CATALOGUE.some((item) => item.id === entry.itemId)).toBe(
          true,
        );
      }
    }
  });
});
