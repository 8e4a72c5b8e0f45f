import safetyTextsInitial from '@content/initial/page.safety.json' with { type: 'json' };
import { richText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of safety (content the organisers edit). */
export const safetyTexts = definePageTexts('page.safety', safetyTextsInitial, [PATHS.safety], {
  'notice.text': richText,
  'closing.text': richText,
});
