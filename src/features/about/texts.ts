import aboutTextsInitial from '@content/initial/page.about.json' with { type: 'json' };
import { image, localized, richText } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The rows of the opening hours the page's code showed before shape 3. */
const HOURS_BEFORE_SHAPE_3 = {
  gates: '{{checkIn}}–22:00',
  lakes: '{{lakesOpen}}–{{lakesClose}}',
  office: '{{officeOpen}}–{{officeClose}}',
  quiet: '{{quietFrom}}–{{quietUntil}}',
};

const REWORD_SHAPE_3 = replaceUnchangedTexts([
  [
    {
      lt: 'Irklentės, baidarės ir nardymo išbandymas ežeruose nuo 9:00 iki 20:00.',
      en: 'Paddleboards, kayaks and try-diving on the lakes from 9:00 to 20:00.',
    },
    {
      lt: 'Irklentės, baidarės ir nardymo išbandymas ežeruose nuo {{lakesOpen}} iki {{lakesClose}}.',
      en: 'Paddleboards, kayaks and try-diving on the lakes from {{lakesOpen}} to {{lakesClose}}.',
    },
  ],
  [
    { lt: 'Jubiliejinis, penktasis renginys', en: 'Our jubilee fifth edition' },
    { lt: '{{editionTitle}} renginys', en: '{{editionTitle}} edition' },
  ],
  [
    {
      lt: 'Per Žolinę. Vartai atsidaro {{checkIn}}.',
      en: 'On the feast of Žolinė. The gates open at {{checkIn}}.',
    },
    { lt: 'Vartai atsidaro {{checkIn}}{{feast}}.', en: 'The gates open at {{checkIn}}{{feast}}.' },
  ],
  [
    { lt: 'Laužo vakaras 20:00–24:00', en: 'Bonfire night 20:00–24:00' },
    { lt: 'Laužo vakaras 20:00–{{musicUntil}}', en: 'Bonfire night 20:00–{{musicUntil}}' },
  ],
  [
    {
      lt: '2022 m. kelios šeimos susitiko Velso kalnuose prie vieno grilio. 2025 m. prie ežerų susirinko jau apie 100 žmonių ir iškepė apie 60 kg maisto. {{year}} m. švenčiame penktąjį, jubiliejinį savaitgalį.',
      en: 'In 2022 a few families met in the Welsh hills around a single grill. By 2025 about 100 people gathered by the lakes and cooked about 60 kg of food. In {{year}} we celebrate our fifth, jubilee weekend.',
    },
    {
      lt: '2022 m. kelios šeimos susitiko Velso kalnuose prie vieno grilio. {{lastYear}} m. prie ežerų susirinko jau apie 100 žmonių ir iškepė apie 60 kg maisto. {{year}} m. švenčiame {{editionAccusative}} savaitgalį.',
      en: 'In 2022 a few families met in the Welsh hills around a single grill. By {{lastYear}} about 100 people gathered by the lakes and cooked about 60 kg of food. In {{year}} we celebrate our {{editionAccusative}} weekend.',
    },
  ],
]);

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
  // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
  // in words follow the event facts; only where still as the earlier first content wrote them.
  // The opening hours are a list of the page's (they were in its code), and the venue's website
  // has its link's text.
  2: (document: unknown) => {
    const old = REWORD_SHAPE_3(document) as {
      hours: Record<string, unknown>;
      venue: Record<string, unknown>;
    };
    const { title, note, ...labels } = old.hours as Record<string, { lt: string; en: string }>;
    const items = Object.entries(HOURS_BEFORE_SHAPE_3).map(([key, value]) => ({
      label: labels[key],
      value: { lt: value, en: value },
    }));
    const { text, ...venue } = old.venue;
    return {
      ...old,
      venue: { ...venue, text, website: { lt: 'Stovyklavietės svetainė', en: "The campsite's website" } },
      hours: { title, items, note },
    };
  },
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
