import type { Localized } from '~/platform/i18n/localized';

/**
 * The partner's smoking accessories, sold in EUR in the partner's own online store (we only
 * show them and link there). Prices are integer cents as the partner lists them.
 */
export type SmokingCategory = 'equipment' | 'dust' | 'chips';

/** Category ↔ the value of `?kategorija=` in the address (Lithuanian slugs, like our routes). */
export const CATEGORY_SLUGS: Record<SmokingCategory, string> = {
  equipment: 'iranga',
  dust: 'dulkes',
  chips: 'drozles',
};

export function categoryFromSlug(slug: string | null): SmokingCategory | undefined {
  return (Object.keys(CATEGORY_SLUGS) as SmokingCategory[]).find((c) => CATEGORY_SLUGS[c] === slug);
}

export interface SmokingItem {
  /** Also the image's file name in content/images/products. */
  id: string;
  category: SmokingCategory;
  priceCents: number;
  name: Localized;
  description: Localized;
}

const STANDARD_PRICE = 489;

const dust = (wood: string, lt: string, en: string, description: Localized): SmokingItem => ({
  id: `dust-${wood}`,
  category: 'dust',
  priceCents: STANDARD_PRICE,
  name: { lt: `${lt} rūkymo dulkės`, en: `${en} smoking dust` },
  description,
});

const chips = (wood: string, lt: string, en: string, description: Localized): SmokingItem => ({
  id: `chips-${wood}`,
  category: 'chips',
  priceCents: STANDARD_PRICE,
  name: { lt: `${lt} rūkymo drožlės`, en: `${en} smoking chips` },
  description,
});

export const SMOKING_CATALOGUE: readonly SmokingItem[] = [
  {
    id: 'smoke-generator',
    category: 'equipment',
    priceCents: 1499,
    name: { lt: 'Šalto rūkymo dūmų generatorius', en: 'Cold smoke generator' },
    description: {
      lt: 'Nerūdijančio plieno labirintas, kuriame medžio dulkės rusena iki 10 valandų – šaltam rūkymui bet kurioje rūkykloje ar kepsninėje.',
      en: 'A stainless-steel maze in which wood dust smoulders for up to 10 hours, for cold smoking in any smoker or barbecue.',
    },
  },
  {
    id: 'smoker-box',
    category: 'equipment',
    priceCents: STANDARD_PRICE,
    name: { lt: 'Rūkymo dėžutė drožlėms', en: 'Smoker box for wood chips' },
    description: {
      lt: 'Pripildykite drožlių ir padėkite ant grotelių – dujinė ar anglinė kepsninė virs rūkykla.',
      en: 'Fill it with chips and set it on the grill to turn a gas or charcoal barbecue into a smoker.',
    },
  },
  {
    id: 'pellet-tube',
    category: 'equipment',
    priceCents: STANDARD_PRICE,
    name: { lt: 'Rūkymo vamzdelis granulėms', en: 'Pellet smoke tube' },
    description: {
      lt: 'Tinklinis vamzdelis granulėms ar dulkėms: iki 5 valandų švelnių dūmų be jokių papildomų prietaisų.',
      en: 'A mesh tube for pellets or dust: up to 5 hours of gentle smoke with no extra kit.',
    },
  },
  dust('alder', 'Alksnio', 'Alder', {
    lt: 'Klasikinis lietuviškas rūkymo skonis žuviai, lašiniams ir dešroms.',
    en: 'The classic Lithuanian smoke for fish, cured pork fat and sausages.',
  }),
  dust('beech', 'Buko', 'Beech', {
    lt: 'Švelnūs, universalūs dūmai ir graži auksinė spalva.',
    en: 'Mild, all-round smoke and a lovely golden colour.',
  }),
  dust('apple', 'Obels', 'Apple', {
    lt: 'Saldokas vaisinis aromatas paukštienai, kiaulienai ir sūriams.',
    en: 'A sweet, fruity aroma for poultry, pork and cheese.',
  }),
  dust('cherry', 'Vyšnios', 'Cherry', {
    lt: 'Sodri raudonai ruda spalva ir švelnus vaisinis skonis.',
    en: 'A rich mahogany colour and a gentle fruity flavour.',
  }),
  dust('oak', 'Ąžuolo', 'Oak', {
    lt: 'Stiprus, sodrus aromatas jautienai, žvėrienai ir kietiesiems sūriams.',
    en: 'A strong, full aroma for beef, game and hard cheeses.',
  }),
  chips('alder', 'Alksnio', 'Alder', {
    lt: 'Lengvi dūmai žuviai ir paukštienai karštai rūkant.',
    en: 'Light smoke for hot-smoking fish and poultry.',
  }),
  chips('apple', 'Obels', 'Apple', {
    lt: 'Vaisinis saldumas kiaulienos šonkauliams ir sprandinei.',
    en: 'Fruity sweetness for pork ribs and shoulder.',
  }),
  chips('cherry', 'Vyšnios', 'Cherry', {
    lt: 'Gražiai nuspalvina ir švelniai pagardina antieną bei vištieną.',
    en: 'Colours beautifully and gently flavours duck and chicken.',
  }),
  chips('hickory', 'Hikorijos', 'Hickory', {
    lt: 'Stiprus amerikietiško BBQ skonis šonkauliams ir jautienos krūtinei.',
    en: 'Bold American BBQ flavour for ribs and brisket.',
  }),
  chips('oak', 'Ąžuolo', 'Oak', {
    lt: 'Pastovūs, sodrūs dūmai ilgam jautienos rūkymui.',
    en: 'Steady, full-bodied smoke for long beef cooks.',
  }),
];
