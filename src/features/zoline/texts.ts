import zolineTextsInitial from '@content/initial/page.zoline.json' with { type: 'json' };
import { richText } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

const UPGRADES = {
  // Shape 2 (issue 31): the hours the first content wrote as numbers come from the event facts.
  1: replaceUnchangedTexts([
    [
      { lt: '8:00', en: '8:00' },
      { lt: '{{checkIn}}', en: '{{checkIn}}' },
    ],
  ]),
};

/** The texts of zoline (content the organisers edit). */
export const zolineTexts = definePageTexts(
  'page.zoline',
  zolineTextsInitial,
  [PATHS.zoline],
  {
    'meaning.text': richText,
  },
  [],
  UPGRADES,
);
