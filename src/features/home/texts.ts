import initial from '@content/initial/page.home.json' with { type: 'json' };
import { image, localized } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The home page's texts and its photo gallery (content the organisers edit). */
export const homeTexts = definePageTexts('page.home', initial, [PATHS.home], {
  image: (meta) => image(meta),
  // A photo without a description is announced by its number ('Event photo 3').
  caption: (meta) => localized({ ...meta, optional: true }),
});
