import initial from '@content/initial/page.home.json' with { type: 'json' };
import { choice, image, link, localized, plainText } from '~/platform/content/fields';
import { definePageTexts } from '~/platform/content/page-texts';
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
  },
);
