import type { Localized } from '~/platform/i18n/localized';
import { imageSetFrom, type ImageSet } from '~/platform/ui/ResponsiveImage';

/** Difficulty of a recipe; the label comes from the `recipes` pack (Lengva / Vidutinė / Sudėtinga). */
export type Difficulty = 'easy' | 'medium' | 'hard';

export interface Recipe {
  /** Also the anchor on /maistas and the image's file name in content/images/recipes. */
  id: string;
  difficulty: Difficulty;
  /** Average visitor rating, 4.4–4.9. */
  rating: number;
  minutes: number;
  people: readonly [min: number, max: number];
  title: Localized;
  description: Localized;
  ingredients: Localized<string[]>;
  steps: Localized<string[]>;
  tip: Localized;
}

export const RECIPES: readonly Recipe[] = [
  {
    id: 'cepelinai',
    difficulty: 'hard',
    rating: 4.9,
    minutes: 120,
    people: [4, 6],
    title: { lt: 'Cepelinai', en: 'Cepelinai (potato dumplings)' },
    description: {
      lt: 'Lietuviškos virtuvės karaliai: bulvių tarkių kukuliai su mėsos įdaru, užpilti spirgučių ir grietinės padažu.',
      en: 'The kings of Lithuanian cooking: grated-potato dumplings stuffed with seasoned pork, topped with a bacon and soured cream sauce.',
    },
    ingredients: {
      lt: [
        '2 kg krakmolingų bulvių',
        '500 g maltos kiaulienos',
        '2 svogūnai',
        'Druskos ir maltų juodųjų pipirų',
        '1 v. š. bulvių krakmolo (jei masė per skysta)',
        '200 g rūkytos šoninės',
        '200 g grietinės',
      ],
      en: [
        '2 kg floury potatoes, such as Maris Piper',
        '500 g pork mince',
        '2 onions',
        'Salt and ground black pepper',
        '1 tbsp potato starch (if the mixture is too wet)',
        '200 g smoked bacon lardons',
        '200 g soured cream',
      ],
    },
    steps: {
      lt: [
        'Tris ketvirtadalius bulvių nulupkite ir smulkiai sutarkuokite, likusias išvirkite ir sugrūskite.',
        'Tarkius gerai nuspauskite per marlę; nusistojusį krakmolą grąžinkite į masę.',
        'Sumaišykite tarkius su grūstomis bulvėmis ir pasūdykite.',
        'Faršą sumaišykite su vienu smulkiai pjaustytu svogūnu, druska ir pipirais.',
        'Iš bulvių masės suformuokite paplotėlį, dėkite faršo ir užlipdykite pailgą cepeliną.',
        'Virkite pasūdytame vandenyje apie 25 minutes, kol cepelinai iškils ir suminkštės.',
        'Šoninę su antruoju svogūnu pakepinkite, sumaišykite su grietine ir užpilkite ant cepelinų.',
      ],
      en: [
        'Peel three quarters of the potatoes and grate them finely; boil the rest and mash them.',
        'Squeeze the grated potato hard through muslin, then stir the starch that settles back in.',
        'Mix the grated and mashed potato together and season with salt.',
        'Mix the mince with one finely chopped onion, salt and pepper.',
        'Flatten a handful of potato mixture, add a spoonful of filling and shape an oval dumpling around it.',
        'Simmer in salted water for about 25 minutes, until the dumplings float and are tender.',
        'Fry the bacon with the second onion, stir in the soured cream and pour over the dumplings.',
      ],
    },
    tip: {
      lt: 'Dirbkite greitai ir tarkius laikykite uždengtus – taip jie nepatamsės. Į verdantį vandenį cepelinus dėkite po vieną.',
      en: 'Work quickly and keep the grated potato covered so it stays pale. Lower the dumplings into the boiling water one at a time.',
    },
  },
  {
    id: 'cumberland-ale',
    difficulty: 'easy',
    rating: 4.7,
    minutes: 45,
    people: [3, 4],
    title: { lt: 'Kamberlendo dešra alaus padaže', en: 'Cumberland sausage in ale' },
    description: {
      lt: 'Britų klasika ant žarijų: susukta Kamberlendo dešra, troškinta su svogūnais ir tamsiu alumi ketaus keptuvėje.',
      en: 'A British classic over the coals: a coiled Cumberland sausage braised with onions and dark ale in a cast-iron pan.',
    },
    ingredients: {
      lt: [
        '1 Kamberlendo dešros ritinys (apie 450 g)',
        '2 svogūnai',
        '330 ml tamsaus alaus',
        '1 v. š. sviesto',
        '1 a. š. garstyčių',
        '1 a. š. rudojo cukraus',
        'Kelios šakelės šviežių čiobrelių',
      ],
      en: [
        '1 Cumberland sausage ring (about 450 g)',
        '2 onions',
        '330 ml dark ale',
        '1 tbsp butter',
        '1 tsp English mustard',
        '1 tsp brown sugar',
        'A few sprigs of fresh thyme',
      ],
    },
    steps: {
      lt: [
        'Įkaitinkite kepsninę iki vidutinio karščio ir ant grotelių uždėkite ketaus keptuvę.',
        'Svogūnus supjaustykite žiedais ir pakepinkite svieste apie 10 minučių.',
        'Dešros ritinį kryžmai perverkite dviem iešmeliais ir apkepkite ant grotelių iš abiejų pusių.',
        'Perkelkite dešrą į keptuvę ant svogūnų, užpilkite alumi, įmaišykite garstyčias ir cukrų.',
        'Troškinkite apie 20 minučių, kol padažas sutirštės, o dešra viduje pasieks 70 °C.',
        'Patiekite su traškia duona ar bulvių koše, pabarstę čiobreliais.',
      ],
      en: [
        'Heat the barbecue to a medium heat and put a cast-iron pan on the grill.',
        'Slice the onions into rings and soften them in the butter for about 10 minutes.',
        'Push two skewers crosswise through the sausage ring and brown it on both sides on the grill.',
        'Move the sausage onto the onions, pour in the ale and stir in the mustard and sugar.',
        'Simmer for about 20 minutes, until the sauce thickens and the sausage reaches 70 °C inside.',
        'Serve with crusty bread or mash, scattered with thyme.',
      ],
    },
    tip: {
      lt: 'Iešmeliai kryžmai neleidžia ritiniui išsivynioti ir padeda jį lengvai apversti viena mentele.',
      en: 'The crossed skewers stop the ring unravelling and let you turn it with a single spatula.',
    },
  },
  {
    id: 'cabbage-rolls',
    difficulty: 'medium',
    rating: 4.6,
    minutes: 90,
    people: [5, 6],
    title: { lt: 'Balandėliai', en: 'Balandėliai (cabbage rolls)' },
    description: {
      lt: 'Kopūstų lapai su mėsos ir ryžių įdaru, lėtai troškinti pomidorų padaže – tobula vakarienė ketaus puode ant anglių.',
      en: 'Cabbage leaves filled with meat and rice, slowly braised in tomato sauce: a perfect supper from a cast-iron pot over the coals.',
    },
    ingredients: {
      lt: [
        '1 baltagūžis kopūstas',
        '500 g maltos kiaulienos ir jautienos',
        '150 g ryžių',
        '1 svogūnas',
        '1 morka',
        '400 g trintų pomidorų',
        '200 g grietinės',
        'Druskos, pipirų, lauro lapas ir krapų',
      ],
      en: [
        '1 white cabbage',
        '500 g mixed pork and beef mince',
        '150 g rice',
        '1 onion',
        '1 carrot',
        '400 g passata',
        '200 g soured cream',
        'Salt, pepper, a bay leaf and dill',
      ],
    },
    steps: {
      lt: [
        'Išpjaukite kopūsto koteną, gūžę virkite 10 minučių ir atsargiai atskirkite lapus.',
        'Ryžius išvirkite iki pusiau minkštų; svogūną ir morką smulkiai supjaustykite ir pakepinkite.',
        'Sumaišykite faršą, ryžius, pusę daržovių, druską ir pipirus.',
        'Ant kiekvieno lapo dėkite šaukštą įdaro ir susukite vokeliu.',
        'Sudėkite balandėlius į ketaus puodą, užpilkite pomidorais su likusiomis daržovėmis, įdėkite lauro lapą.',
        'Troškinkite uždengę ant anglių ar viryklėje apie 50 minučių.',
        'Patiekite su grietine ir šviežiais krapais.',
      ],
      en: [
        'Cut out the cabbage core, simmer the head for 10 minutes and carefully peel off the leaves.',
        'Part-cook the rice; finely chop the onion and carrot and fry them until soft.',
        'Mix the mince, rice, half of the vegetables, salt and pepper.',
        'Put a spoonful of filling on each leaf and roll it up like a parcel.',
        'Pack the rolls into a cast-iron pot, pour over the passata with the rest of the vegetables and add the bay leaf.',
        'Cover and braise over the coals or on a stove for about 50 minutes.',
        'Serve with soured cream and fresh dill.',
      ],
    },
    tip: {
      lt: 'Storą lapo gyslą nupjaukite peiliu lygiai su lapu – balandėliai susisuks lengviau ir neplyš.',
      en: 'Shave the thick rib of each leaf flat with a knife: the rolls will fold more easily and won’t split.',
    },
  },
  {
    id: 'kugelis',
    difficulty: 'medium',
    rating: 4.8,
    minutes: 100,
    people: [6, 8],
    title: { lt: 'Kugelis', en: 'Kugelis (potato pudding)' },
    description: {
      lt: 'Auksinės plutos bulvių plokštainis su spirgučiais. Kepsninėje su dangčiu jis iškepa ne prasčiau nei močiutės orkaitėje.',
      en: 'A golden-crusted potato bake with crispy bacon. In a lidded barbecue it turns out every bit as good as in grandma’s oven.',
    },
    ingredients: {
      lt: [
        '2 kg bulvių',
        '200 g rūkytos šoninės',
        '1 svogūnas',
        '2 kiaušiniai',
        '150 ml karšto pieno',
        'Druskos, pipirų ir džiovinto mairūno',
        'Grietinės patiekti',
      ],
      en: [
        '2 kg potatoes',
        '200 g smoked streaky bacon',
        '1 onion',
        '2 eggs',
        '150 ml hot milk',
        'Salt, pepper and dried marjoram',
        'Soured cream to serve',
      ],
    },
    steps: {
      lt: [
        'Šoninę ir svogūną supjaustykite kubeliais ir apkepkite iki auksinės spalvos.',
        'Bulves nulupkite, smulkiai sutarkuokite ir nupilkite dalį skysčio.',
        'Tuoj pat užpilkite karštu pienu, įmuškite kiaušinius, sudėkite spirgučius ir prieskonius.',
        'Supilkite masę į riebalais išteptą kepimo indą.',
        'Kepkite uždarytoje kepsninėje ar orkaitėje 180 °C temperatūroje apie valandą, kol viršus taps auksinis.',
        'Leiskite pastovėti 10 minučių, supjaustykite kvadratais ir patiekite su grietine.',
      ],
      en: [
        'Dice the bacon and onion and fry until golden.',
        'Peel and finely grate the potatoes, then pour off some of the liquid.',
        'Straight away stir in the hot milk, the eggs, the bacon and the seasoning.',
        'Pour the mixture into a greased baking tin.',
        'Bake in a closed barbecue or an oven at 180 °C for about an hour, until the top is golden.',
        'Leave to stand for 10 minutes, cut into squares and serve with soured cream.',
      ],
    },
    tip: {
      lt: 'Kepsninėje indą statykite šone nuo anglių (netiesioginiam karščiui) ir kuo rečiau kelkite dangtį.',
      en: 'On the barbecue, set the tin to the side of the coals for indirect heat and lift the lid as little as possible.',
    },
  },
  {
    id: 'smoked-sausages',
    difficulty: 'easy',
    rating: 4.5,
    minutes: 25,
    people: [4, 6],
    title: { lt: 'Rūkytų dešrelių grilis', en: 'Smoked sausage grill' },
    description: {
      lt: 'Lietuviškos rūkytos dešrelės su keptomis daržovėmis, garstyčiomis ir krienais – greičiausias būdas pamaitinti visą aikštelę.',
      en: 'Lithuanian smoked sausages with grilled vegetables, mustard and horseradish: the quickest way to feed the whole pitch.',
    },
    ingredients: {
      lt: [
        '800 g rūkytų dešrelių',
        '2 paprikos',
        '2 raudonieji svogūnai',
        '1 cukinija',
        '2 v. š. aliejaus',
        'Garstyčių ir krienų',
        'Ruginės duonos',
      ],
      en: [
        '800 g smoked sausages',
        '2 peppers',
        '2 red onions',
        '1 courgette',
        '2 tbsp oil',
        'Mustard and horseradish',
        'Rye bread',
      ],
    },
    steps: {
      lt: [
        'Paruoškite kepsninę su dviem zonomis: karšta ir vidutinio karščio.',
        'Dešreles įstrižai įpjaukite kas 2 cm.',
        'Daržoves supjaustykite stambiai, aptepkite aliejumi ir pasūdykite.',
        'Daržoves kepkite karštoje zonoje 8–10 minučių, vieną kartą apvertę.',
        'Dešreles kepkite vidutinėje zonoje 8–10 minučių, kol įkais ir gražiai apskrus.',
        'Patiekite su garstyčiomis, krienais ir rugine duona.',
      ],
      en: [
        'Set up the barbecue with two zones: one hot, one medium.',
        'Score the sausages diagonally every 2 cm.',
        'Cut the vegetables into chunks, brush with oil and season with salt.',
        'Grill the vegetables over the hot zone for 8–10 minutes, turning once.',
        'Cook the sausages over the medium zone for 8–10 minutes, until hot through and nicely browned.',
        'Serve with mustard, horseradish and rye bread.',
      ],
    },
    tip: {
      lt: 'Rūkytos dešrelės jau paruoštos – joms reikia ne didelio karščio, o laiko įkaisti. Per karštai iškeptų išorė apdegs.',
      en: 'Smoked sausages are already cooked: they need time to heat through, not fierce heat, or the outside will burn.',
    },
  },
  {
    id: 'potato-pancakes',
    difficulty: 'easy',
    rating: 4.4,
    minutes: 40,
    people: [3, 4],
    title: { lt: 'Bulviniai blynai', en: 'Potato pancakes' },
    description: {
      lt: 'Traškūs tarkių blynai iš ketaus keptuvės – puikus pusryčių pasirinkimas stovykloje ir visų vaikų mėgstamiausi.',
      en: 'Crispy grated-potato pancakes from a cast-iron pan: a great camp breakfast and every child’s favourite.',
    },
    ingredients: {
      lt: [
        '1 kg bulvių',
        '1 svogūnas',
        '1 kiaušinis',
        '2 v. š. miltų',
        'Druskos ir pipirų',
        'Aliejaus kepti',
        'Grietinės patiekti',
      ],
      en: [
        '1 kg potatoes',
        '1 onion',
        '1 egg',
        '2 tbsp plain flour',
        'Salt and pepper',
        'Oil for frying',
        'Soured cream to serve',
      ],
    },
    steps: {
      lt: [
        'Bulves ir svogūną smulkiai sutarkuokite.',
        'Nupilkite skystį, įmuškite kiaušinį, įberkite miltų, druskos ir pipirų.',
        'Ketaus keptuvėje ant kepsninės ar viryklės gerai įkaitinkite aliejų.',
        'Dėkite po šaukštą tešlos ir šiek tiek suplokite.',
        'Kepkite po 3–4 minutes iš abiejų pusių, kol blynai taps traškūs ir auksiniai.',
        'Patiekite karštus su grietine.',
      ],
      en: [
        'Finely grate the potatoes and the onion.',
        'Pour off the liquid, then mix in the egg, flour, salt and pepper.',
        'Heat the oil well in a cast-iron pan on the barbecue or a stove.',
        'Add spoonfuls of the mixture and flatten them slightly.',
        'Fry for 3–4 minutes on each side, until crisp and golden.',
        'Serve hot with soured cream.',
      ],
    },
    tip: {
      lt: 'Paskaninkite spirgučiais ar rūkyta lašiša, o šalia pastatykite šalto kefyro.',
      en: 'Try them with crispy bacon or smoked salmon, with a glass of cold kefir on the side.',
    },
  },
];

const images = import.meta.glob<string>('/content/images/recipes/*.webp', {
  eager: true,
  import: 'default',
  query: '?no-inline',
});

/** The illustration of a recipe (content/images/recipes/<id>-<width>.webp). */
export function recipeImage(id: string): ImageSet | undefined {
  return imageSetFrom(images, id);
}

/** Badge style per difficulty: easy = default, medium = secondary, anything else = destructive. */
export function difficultyBadgeVariant(difficulty: Difficulty): 'default' | 'secondary' | 'destructive' {
  if (difficulty === 'easy') return 'default';
  if (difficulty === 'medium') return 'secondary';
  return 'destructive';
}
