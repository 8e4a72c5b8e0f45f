import { z } from 'zod';
import { defineContentType, type ContentOf } from '~/platform/content/content-type';
import { choice, group, image, list, localized, money, slug } from '~/platform/content/fields';
import { PATHS } from '~/platform/paths';
import type { Photo } from '~/platform/media/photos';

/**
 * The partner's smoking accessories, sold in EUR in the partner's own online store (we only
 * show them and link there): content the organisers edit (issue 31). Prices are integer
 * cents as the partner lists them.
 */
const SMOKING_CATEGORIES = ['equipment', 'dust', 'chips'] as const;
export type SmokingCategory = (typeof SMOKING_CATEGORIES)[number];

/** Category ↔ the value of `?kategorija=` in the address (Lithuanian slugs, like our routes). */
export const CATEGORY_SLUGS: Record<SmokingCategory, string> = {
  equipment: 'iranga',
  dust: 'dulkes',
  chips: 'drozles',
};

export function categoryFromSlug(slug: string | null): SmokingCategory | undefined {
  return (Object.keys(CATEGORY_SLUGS) as SmokingCategory[]).find((c) => CATEGORY_SLUGS[c] === slug);
}

const item = group(
  {
    // Also the name of the picture that came with the site (content/images/products/<id>-<width>.webp).
    id: slug({ label: 'content:products.id', help: 'content:smokingCatalogue.idHelp' }),
    category: choice({ label: 'content:smokingCatalogue.category', options: SMOKING_CATEGORIES }),
    name: localized({ label: 'content:products.name', max: 120 }),
    price: money({ label: 'content:smokingCatalogue.price', currency: 'EUR' }),
    image: image({ label: 'content:products.image', help: 'content:products.imageHelp', optional: true }),
    description: localized({ label: 'content:products.description', multiline: true, max: 400 }),
  },
  { label: 'content:smokingCatalogue.item' },
);

export const smokingCatalogueContent = defineContentType({
  id: 'smoking-catalogue',
  label: 'content:types.smoking-catalogue',
  schema: z.strictObject({
    items: list(item, {
      label: 'content:smokingCatalogue.list',
      itemTitle: 'name',
      max: 100,
      uniqueBy: (entry) => entry.id,
    }),
  }),
  pages: [PATHS.partner],
});

/** An item as the partner's page shows it: its uploaded photo resolved (else the bundled picture). */
export type SmokingItem = ContentOf<typeof smokingCatalogueContent>['items'][number] & { photo?: Photo };
