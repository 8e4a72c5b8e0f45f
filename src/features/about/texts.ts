import aboutTextsInitial from '@content/initial/page.about.json' with { type: 'json' };
import { image, localized, richText } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

const UPGRADES = {
  // Shape 2 (issue 31): the hours the first content wrote as numbers come from the event facts.
  1: replaceUnchangedTexts([
    [
      { lt: 'Per Žolinę. Vartai atsidaro 8:00.', en: 'On the feast of Žolinė. The gates open at 8:00.' },
      {
        lt: 'Per Žolinę. Vartai atsidaro {{checkIn}}.',
        en: 'On the feast of Žolinė. The gates open at {{checkIn}}.',
      },
    ],
    [
      {
        lt: 'Dainos, gitara ir pokalbiai prie didelio laužo. Tylos valandos – nuo 23:00, todėl muzika skamba tyliau.',
        en: 'Songs, a guitar and conversation around a big fire. Quiet hours start at 23:00, so the music gets softer.',
      },
      {
        lt: 'Dainos, gitara ir pokalbiai prie didelio laužo. Tylos valandos – nuo {{quietFrom}}, todėl muzika skamba tyliau.',
        en: 'Songs, a guitar and conversation around a big fire. Quiet hours start at {{quietFrom}}, so the music gets softer.',
      },
    ],
  ]),
};

/** The texts of about (content the organisers edit). */
export const aboutTexts = definePageTexts(
  'page.about',
  aboutTextsInitial,
  [PATHS.about],
  {
    'venue.text': richText,
    'history.text': richText,
    image: (meta) => image(meta),
    // A photo without a description is announced by its number ('2025 photo 3').
    caption: (meta) => localized({ ...meta, optional: true }),
  },
  [],
  UPGRADES,
);
