import initial from '@content/initial/page.home.json' with { type: 'json' };
import { choice, image, link, localized, plainText } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The icons a sponsor on the home page can have (drawn by ./sponsors.ts). */
export const SPONSOR_ICONS = ['flame', 'wrench', 'truck', 'briefcase', 'basket', 'handshake'] as const;

/** The photo behind the hero until shape 2 (issue 31), and its description from the packs of that time. */
const HERO_BEFORE_SHAPE_2 = {
  image: 'asset:hero.webp',
  photoAlt: {
    lt: 'Palapinės ir laužas prie ežero mėnesienoje',
    en: 'Tents and a campfire by a lake in the moonlight',
  },
};

/**
 * The home page's texts, its hero photo, its photo gallery and its sponsors strip (content the
 * organisers edit).
 */
export const homeTexts = definePageTexts(
  'page.home',
  initial,
  [PATHS.home],
  {
    image: (meta) => image(meta),
    // A photo without a description is announced by its number ('Event photo 3').
    caption: (meta) => localized({ ...meta, optional: true }),
    // A business name is the same in every language.
    'sponsors.items.name': (meta) => plainText({ ...meta, max: 80 }),
    // A page of the site (/sponsor/4) or the sponsor's own website (opens in a new tab).
    'sponsors.items.href': (meta) => link(meta),
    'sponsors.items.icon': (meta) => choice({ ...meta, options: SPONSOR_ICONS }),
  },
  [],
  {
    // Shape 2 (issue 31): the hero's photo is content; documents of before show the photo they showed.
    1: (document) => {
      const old = document as { hero: object };
      return { ...old, hero: { ...old.hero, ...HERO_BEFORE_SHAPE_2 } };
    },
    // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
    // in words follow the event facts; only where still as the earlier first content wrote them.
    2: replaceUnchangedTexts([
      [
        { lt: 'Ačiū už 2025-uosius!', en: 'Thank you for 2025!' },
        { lt: 'Ačiū už {{lastYear}}-uosius!', en: 'Thank you for {{lastYear}}!' },
      ],
      [
        { lt: 'Jubiliejinis, penktasis susitikimas', en: 'Our jubilee fifth gathering' },
        { lt: '{{editionTitle}} susitikimas', en: '{{editionTitle}} gathering' },
      ],
      [
        {
          lt: 'Šį kartą švenčiame per Žolinę. Atvažiuokite su palapine, šeima ir geriausiu savo receptu.',
          en: 'This time we celebrate on the feast of Žolinė. Bring your tent, your family and your best recipe.',
        },
        {
          lt: 'Šį kartą susitinkame {{shortDate}}{{feast}}. Atvažiuokite su palapine, šeima ir geriausiu savo receptu.',
          en: 'This time we meet on {{shortDate}}{{feast}}. Bring your tent, your family and your best recipe.',
        },
      ],
      [
        { lt: 'Ačiū, kad 2025-aisiais buvote kartu!', en: 'Thank you for joining us in 2025!' },
        {
          lt: 'Ačiū, kad {{lastYear}}-aisiais buvote kartu!',
          en: 'Thank you for joining us in {{lastYear}}!',
        },
      ],
      [
        {
          lt: 'Trumpai apie ketvirtąjį BBQ savaitgalį prie ežerų.',
          en: 'A short look back at our fourth BBQ weekend by the lakes.',
        },
        {
          lt: 'Trumpai apie {{lastOrdinalAccusative}} BBQ savaitgalį prie ežerų.',
          en: 'A short look back at our {{lastOrdinalAccusative}} BBQ weekend by the lakes.',
        },
      ],
      [
        {
          lt: 'Iki pasimatymo kitais metais – {{shortDate}}, per Žolinę!',
          en: 'See you next year – on {{shortDate}}, the feast of Žolinė!',
        },
        {
          lt: 'Iki pasimatymo kitais metais – {{shortDate}}{{feast}}!',
          en: 'See you next year on {{shortDate}}{{feast}}!',
        },
      ],
      [
        { lt: '20:00–24:00', en: '20:00–24:00' },
        { lt: '20:00–{{musicUntil}}', en: '20:00–{{musicUntil}}' },
      ],
      [
        { lt: 'patiekalų iškepta 2025 m.', en: 'of food cooked in 2025' },
        { lt: 'patiekalų iškepta {{lastYear}} m.', en: 'of food cooked in {{lastYear}}' },
      ],
    ]),
  },
);
