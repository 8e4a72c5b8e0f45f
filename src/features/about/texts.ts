import aboutTextsInitial from '@content/initial/page.about.json' with { type: 'json' };
import { richText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of about (content the organisers edit). */
export const aboutTexts = definePageTexts('page.about', aboutTextsInitial, [PATHS.about], {
  'venue.text': richText,
  'history.text': richText,
});
