import historyTextsInitial from '@content/initial/page.history.json' with { type: 'json' };
import { image, link, localized, plainText, richText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/**
 * The history page: its texts and every year — facts, photos with their descriptions. A new
 * year is a new entry at the top of `years`.
 */
export const historyTexts = definePageTexts('page.history', historyTextsInitial, [PATHS.history], {
  'years.description': richText,
  year: (meta) => plainText({ ...meta, max: 4 }),
  mapLink: (meta) => link({ ...meta, optional: true }),
  image: (meta) => image(meta),
  // A photo without a description is announced by its number ('2025 photo 3').
  caption: (meta) => localized({ ...meta, optional: true }),
});
