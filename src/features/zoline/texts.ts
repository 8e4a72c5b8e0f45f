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
  // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
  // in words follow the event facts; only where still as the earlier first content wrote them.
  2: replaceUnchangedTexts([
    [
      { lt: 'Kodėl jubiliejų švenčiame būtent tada', en: 'Why we hold the jubilee on this day' },
      { lt: 'Kodėl švenčiame būtent tada', en: 'Why we meet on this day' },
    ],
    [
      {
        lt: 'Žolinės šventės prasmė, tradicijos ir jubiliejinis penktasis BBQ savaitgalis {{shortDate}}',
        en: 'The meaning and traditions of Žolinė and the jubilee fifth BBQ weekend on {{shortDate}}.',
      },
      {
        lt: 'Žolinės šventės prasmė ir tradicijos. {{editionTitle}} BBQ savaitgalis – {{shortDate}}.',
        en: 'The meaning and traditions of Žolinė. {{editionTitle}} BBQ weekend: {{shortDate}}.',
      },
    ],
    [
      {
        lt: 'Žolinė – vasaros pabaigos ir derliaus šventė. {{year}} m. per ją surengsime jubiliejinį, penktąjį BBQ savaitgalį.',
        en: 'Žolinė is the Lithuanian feast of late summer and the harvest. In {{year}} we will hold our jubilee fifth BBQ weekend on this day.',
      },
      {
        lt: 'Žolinė – vasaros pabaigos ir derliaus šventė. {{year}} m. surengsime {{editionAccusative}} BBQ savaitgalį.',
        en: 'Žolinė is the Lithuanian feast of late summer and the harvest. In {{year}} we will hold our {{editionAccusative}} BBQ weekend.',
      },
    ],
    [
      { lt: 'Jubiliejus', en: 'Jubilee' },
      { lt: 'BBQ savaitgalis {{year}}', en: 'BBQ weekend {{year}}' },
    ],
    [
      { lt: 'Penktasis BBQ savaitgalis', en: 'The fifth BBQ weekend' },
      { lt: '{{editionTitle}} BBQ savaitgalis', en: '{{editionTitle}} BBQ weekend' },
    ],
    [
      {
        lt: 'Penkti metai kartu – verta švęsti! Laukia BBQ varžybos, laužo vakaras, stovyklavimas ir žolynų puokščių rišimas vaikams ir suaugusiesiems.',
        en: 'Five years together is worth celebrating! Expect a BBQ competition, a bonfire night, camping, and herb-bouquet making for children and grown-ups alike.',
      },
      {
        lt: 'Laukia BBQ varžybos, laužo vakaras, stovyklavimas ir žolynų puokščių rišimas vaikams ir suaugusiesiems.',
        en: 'Expect a BBQ competition, a bonfire night, camping, and herb-bouquet making for children and grown-ups alike.',
      },
    ],
    [
      { lt: '20:00–24:00', en: '20:00–24:00' },
      { lt: '20:00–{{musicUntil}}', en: '20:00–{{musicUntil}}' },
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
