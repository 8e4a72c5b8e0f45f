import { type CatalogueProduct, CATALOGUE } from './catalogue';
import type { Localized } from '~/platform/i18n/localized';
import { imageSetFrom, type ImageSet } from '~/platform/ui/ResponsiveImage';

/**
 * How the products of our own GBP catalogue are presented on the partner pages. Names and
 * prices live in src/features/shop/catalogue.ts (the single source the shop sells from);
 * this file adds only the display texts, keyed by the catalogue's product id.
 */
export interface ProductDisplay {
  description: Localized;
  fullDescription: Localized;
  features: Localized<string[]>;
  /** How to use it (shown for the spice mixes). */
  usage?: Localized;
}

export const PRODUCT_DISPLAY: Record<string, ProductDisplay> = {
  'charcoal-10kg': {
    description: {
      lt: 'Stambios lapuočių medžio anglys, kurios greitai įsižiebia ir ilgai, tolygiai dega.',
      en: 'Large pieces of hardwood lumpwood charcoal that light quickly and burn long and evenly.',
    },
    fullDescription: {
      lt: 'Anglys degintos iš lapuočių medienos be jokių cheminių priedų, todėl mėsa įgauna tikrą žarijų skonį, o ne uždegimo skysčio kvapą. Stambi frakcija palieka tarpų orui, todėl karštis stiprus ir pastovus visą kepimo popietę.',
      en: 'Burnt from hardwood with no chemical additives, so your food tastes of real embers rather than lighter fluid. The large pieces leave room for air, giving strong, steady heat for a whole afternoon of grilling.',
    },
    features: {
      lt: [
        'Frakcija 30–80 mm',
        'Dega 3–4 valandas',
        'Drėgnumas mažiau nei 8 %',
        'Be cheminių priedų',
        '10 kg popierinis maišas',
      ],
      en: [
        '30–80 mm pieces',
        'Burns for 3–4 hours',
        'Moisture below 8%',
        'No chemical additives',
        '10 kg paper sack',
      ],
    },
  },
  'kamado-grill': {
    description: {
      lt: 'Keraminė kiaušinio formos kepsninė: kepa, rūko ir net kepa picą.',
      en: 'A ceramic egg-shaped grill for grilling, smoking and even baking pizza.',
    },
    fullDescription: {
      lt: 'Storos keraminės sienelės kaupia karštį, todėl kamado sunaudoja mažai anglių ir išlaiko temperatūrą nuo lėto 110 °C rūkymo iki 350 °C kepimo. Oro srautą reguliuojate viršutine ir apatine sklendėmis, o dangčio termometras rodo, kas vyksta viduje.',
      en: 'Thick ceramic walls store heat, so a kamado uses little charcoal and holds anything from slow smoking at 110 °C to searing at 350 °C. You control the airflow with the top and bottom vents, and the lid thermometer shows what is happening inside.',
    },
    features: {
      lt: [
        'Keraminis korpusas',
        'Termometras dangtyje',
        'Dvi šoninės lentynėlės',
        'Metalinis stovas',
        'Grilis, rūkykla ir krosnis viename',
      ],
      en: [
        'Ceramic body',
        'Lid thermometer',
        'Two side shelves',
        'Metal stand',
        'Grill, smoker and oven in one',
      ],
    },
  },
  'wood-chips': {
    description: {
      lt: 'Vaismedžių ir lapuočių drožlės karštam rūkymui kepsninėje.',
      en: 'Fruit and hardwood chips for hot smoking on your barbecue.',
    },
    fullDescription: {
      lt: 'Saujelę drožlių pabarstykite ant įkaitusių anglių arba sudėkite į rūkymo dėžutę – po kelių minučių kepsnys įgaus švelnų dūmų aromatą. Tinka anglinėms, dujinėms ir kamado kepsninėms.',
      en: 'Scatter a handful over hot coals or put them in a smoker box, and within minutes your food picks up a gentle smoky aroma. Suits charcoal, gas and kamado barbecues.',
    },
    features: {
      lt: ['Natūrali mediena', 'Be žievės ir dervų', 'Tinka karštam rūkymui'],
      en: ['Natural wood', 'No bark or resin', 'For hot smoking'],
    },
  },
  'bbq-gloves': {
    description: {
      lt: 'Karščiui atsparios silikonu dengtos pirštinės darbui prie žarijų.',
      en: 'Heat-resistant, silicone-coated gloves for working over hot coals.',
    },
    fullDescription: {
      lt: 'Su jomis saugiai perkelsite karštas groteles, ketaus keptuvę ar rūkymo dėžutę. Silikoninis raštas neleidžia slysti net riebiems įrankiams, o ilgas rankogalis saugo riešus.',
      en: 'Move hot grates, cast-iron pans or a smoker box safely. The silicone grip stops greasy tools slipping and the long cuff protects your wrists.',
    },
    features: {
      lt: ['Silikoninis slydimą mažinantis raštas', 'Ilgas rankogalis', 'Skalbiamos', 'Viena pora'],
      en: ['Non-slip silicone grip', 'Long cuff', 'Washable', 'One pair'],
    },
  },
  'spice-shashlik': {
    description: {
      lt: 'Paprika, kalendra, juodieji pipirai ir česnakai – klasikinis šašlykų skonis.',
      en: 'Paprika, coriander, black pepper and garlic: the classic shashlik flavour.',
    },
    fullDescription: {
      lt: 'Mišinys, su kuriuo šašlykai skanūs kaip vasaros sodyboje Lietuvoje. Tinka kiaulienai, vištienai ir ėrienai.',
      en: 'The blend that makes skewers taste like a summer at a Lithuanian country house. Good with pork, chicken and lamb.',
    },
    features: {
      lt: ['Kiaulienai, vištienai, ėrienai', 'Su druska', 'Natūralūs prieskoniai'],
      en: ['For pork, chicken and lamb', 'Salt included', 'Natural spices'],
    },
    usage: {
      lt: '2 šaukštai 1 kg mėsos: sumaišykite su svogūnų žiedais ir trupučiu aliejaus, marinuokite per naktį.',
      en: '2 tablespoons per 1 kg of meat: mix with onion rings and a little oil and marinate overnight.',
    },
  },
  'spice-steak': {
    description: {
      lt: 'Stambiai malti pipirai, jūros druska, česnakai ir rozmarinai.',
      en: 'Coarsely ground pepper, sea salt, garlic and rosemary.',
    },
    fullDescription: {
      lt: 'Paprastas ir stiprus mišinys, kuris kepant ant didelio karščio suformuoja traškią plutelę.',
      en: 'A simple, bold blend that forms a crisp crust when cooked over high heat.',
    },
    features: {
      lt: ['Jautienai ir kiaulienai', 'Stambaus malimo', 'Su jūros druska'],
      en: ['For beef and pork', 'Coarse grind', 'With sea salt'],
    },
    usage: {
      lt: 'Įtrinkite kepsnius likus 30 minučių iki kepimo. Druskos papildomai dėti nereikia.',
      en: 'Rub into steaks 30 minutes before cooking. No extra salt needed.',
    },
  },
  'spice-chicken': {
    description: {
      lt: 'Ciberžolė, saldžioji paprika, čiobreliai ir citrinos žievelė.',
      en: 'Turmeric, sweet paprika, thyme and lemon zest.',
    },
    fullDescription: {
      lt: 'Suteikia vištienai auksinę spalvą ir gaivų citrinos aromatą. Puikiai tinka sparneliams ir šlaunelėms.',
      en: 'Gives chicken a golden colour and a fresh lemony aroma. Great on wings and thighs.',
    },
    features: {
      lt: ['Paukštienai', 'Auksinė spalva', 'Švelnaus aštrumo'],
      en: ['For poultry', 'Golden colour', 'Mild heat'],
    },
    usage: {
      lt: 'Sumaišykite su šaukštu aliejaus, įtrinkite mėsą ir kepkite, kol viduje pasieks 70 °C.',
      en: 'Mix with a spoonful of oil, rub into the meat and cook until it reaches 70 °C inside.',
    },
  },
  'spice-pork-ribs': {
    description: {
      lt: 'Rudasis cukrus, rūkyta paprika, garstyčių sėklos ir čili.',
      en: 'Brown sugar, smoked paprika, mustard seed and chilli.',
    },
    fullDescription: {
      lt: 'Saldžiai aštrus BBQ mišinys, kuris lėtai kepant karamelizuojasi į blizgią, lipnią plutelę.',
      en: 'A sweet and spicy BBQ rub that caramelises into a sticky, glossy crust as it cooks low and slow.',
    },
    features: {
      lt: ['Šonkauliams ir kiaulienos sprandinei', 'Saldžiai aštrus', 'Su rūkyta paprika'],
      en: ['For ribs and pork shoulder', 'Sweet and spicy', 'With smoked paprika'],
    },
    usage: {
      lt: 'Gausiai įtrinkite šonkaulius ir kepkite netiesioginiame karštyje 2–3 valandas.',
      en: 'Rub generously into the ribs and cook over indirect heat for 2–3 hours.',
    },
  },
  'spice-fish': {
    description: {
      lt: 'Citrininiai pipirai, krapai, jūros druska ir česnakai.',
      en: 'Lemon pepper, dill, sea salt and garlic.',
    },
    fullDescription: {
      lt: 'Lengvas, gaivus mišinys, kuris neužgožia žuvies skonio. Tinka lašišai, upėtakiui ir krevetėms.',
      en: 'A light, fresh blend that lets the fish shine. Good with salmon, trout and prawns.',
    },
    features: {
      lt: ['Žuviai ir jūros gėrybėms', 'Su krapais', 'Gaivus citrinų skonis'],
      en: ['For fish and seafood', 'With dill', 'Fresh lemon flavour'],
    },
    usage: {
      lt: 'Pabarstykite žuvį prieš kepdami folijoje ar ant grotelių ir apšlakstykite citrinos sultimis.',
      en: 'Sprinkle over the fish before cooking it in foil or on the grill and finish with a squeeze of lemon.',
    },
  },
  'spice-vegetables': {
    description: {
      lt: 'Raudonėlis, bazilikas, rūkyta paprika ir česnakai.',
      en: 'Oregano, basil, smoked paprika and garlic.',
    },
    fullDescription: {
      lt: 'Viduržemio jūros žolelės ir lengvas dūmų prieskonis – daržovės nuo grotelių tampa patiekalu, o ne garnyru.',
      en: 'Mediterranean herbs with a hint of smoke that turn grilled vegetables into a dish rather than a side.',
    },
    features: {
      lt: ['Daržovėms ir sūriui', 'Tinka vegetarams', 'Su žolelėmis'],
      en: ['For vegetables and halloumi', 'Vegetarian', 'With herbs'],
    },
    usage: {
      lt: 'Sumaišykite su aliejumi ir apliekite supjaustytas daržoves prieš dėdami jas ant grotelių.',
      en: 'Mix with oil and toss the chopped vegetables in it before they go on the grill.',
    },
  },
  'spice-garlic-herb': {
    description: {
      lt: 'Džiovinti česnakai, petražolės, krapai ir čiobreliai.',
      en: 'Dried garlic, parsley, dill and thyme.',
    },
    fullDescription: {
      lt: 'Universalus mišinys, kurį norisi berti visur: į sviestą, grietinės padažą, ant bulvių ar duonos.',
      en: 'An all-rounder you will want on everything: in butter, in a soured cream dip, on potatoes or bread.',
    },
    features: {
      lt: ['Universalus', 'Be druskos', 'Tinka padažams'],
      en: ['All-purpose', 'Salt-free', 'Great in dips'],
    },
    usage: {
      lt: 'Įmaišykite šaukštą į 100 g minkšto sviesto – gausite česnakinį sviestą kepsniams ir duonai.',
      en: 'Stir a tablespoon into 100 g of soft butter for a garlic butter for steaks and bread.',
    },
  },
};

const images = import.meta.glob<string>('/content/images/products/*.webp', {
  eager: true,
  import: 'default',
  query: '?no-inline',
});

/** The illustration of a product (content/images/products/<id>-<width>.webp). */
export function productImage(id: string): ImageSet | undefined {
  return imageSetFrom(images, id);
}

/** Catalogue products of one or more categories, in catalogue order, with their display data. */
export function displayProducts(
  filter: (product: CatalogueProduct) => boolean = () => true,
): Array<CatalogueProduct & { display: ProductDisplay }> {
  return CATALOGUE.filter(filter).flatMap((product) => {
    const display = PRODUCT_DISPLAY[product.id];
    return display ? [{ ...product, display }] : [];
  });
}
