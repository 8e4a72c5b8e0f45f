import aboutTextsInitial from '@content/initial/page.about.json' with { type: 'json' };
import { image, localized, richText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of about (content the organisers edit). */
export const aboutTexts = definePageTexts('page.about', aboutTextsInitial, [PATHS.about], {
  'venue.text': richText,
  'history.text': richText,
  image: (meta) => image(meta),
  // A photo without a description is announced by its number ('2025 photo 3').
  caption: (meta) => localized({ ...meta, optional: true }),
});
