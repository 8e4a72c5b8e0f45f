import privacyTextsInitial from '@content/initial/page.privacy.json' with { type: 'json' };
import { richText, slug } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The registration's purpose as this release writes it. */
function registrationPurpose() {
  const item = privacyTextsInitial.collected.items.find((entry) => entry.id === 'registration');
  return item!.purpose;
}

/**
 * The privacy notice (content the organisers edit). The retention lines carry `{{period}}`,
 * filled with the periods of the 'retention' content; who the controller is comes from the
 * 'contacts' content.
 */
export const privacyTexts = definePageTexts(
  'page.privacy',
  privacyTextsInitial,
  [PATHS.privacy],
  {
    'collected.items.id': (meta) => slug(meta),
    'controller.text': richText,
    'recipients.text': richText,
    'rights.text': richText,
    'complaints.text': richText,
    'cookies.text': richText,
  },
  [],
  {
    // Shape 2 (issue 32): a registration's purpose names the waiting list, where the
    // organisers left the sentence as it was.
    1: replaceUnchangedTexts([
      [
        {
          lt: 'Savaitgaliui suplanuoti (vietos palapinėms, maistas, pagalbininkai) ir susisiekti su jumis dėl registracijos.',
          en: 'To plan the weekend (pitches, food, helpers) and to contact you about your registration.',
        },
        registrationPurpose(),
      ],
    ]),
  },
);
