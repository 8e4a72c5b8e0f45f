import zolineTextsInitial from '@content/initial/page.zoline.json' with { type: 'json' };
import { richText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of zoline (content the organisers edit). */
export const zolineTexts = definePageTexts('page.zoline', zolineTextsInitial, [PATHS.zoline], {
  'meaning.text': richText,
});
