import privacyTextsInitial from '@content/initial/page.privacy.json' with { type: 'json' };
import { richText, slug } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/**
 * The privacy notice (content the organisers edit). The retention lines carry `{{period}}`,
 * filled with the periods of the 'retention' content; who the controller is comes from the
 * 'contacts' content.
 */
export const privacyTexts = definePageTexts('page.privacy', privacyTextsInitial, [PATHS.privacy], {
  'collected.items.id': (meta) => slug(meta),
  'controller.text': richText,
  'recipients.text': richText,
  'rights.text': richText,
  'complaints.text': richText,
  'cookies.text': richText,
});
