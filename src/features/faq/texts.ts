import faqTextsInitial from '@content/initial/page.faq.json' with { type: 'json' };
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

const UPGRADES = {
  // Shape 2 (issue 31): the hours the first content wrote as numbers come from the event facts.
  1: replaceUnchangedTexts([
    [
      {
        lt: 'Žinoma. Dienos apsilankymas suaugusiesiems (16+) kainuoja {{dayAdult}}, vaikams nuo {{childFreeUnder}} metų – {{dayChild}}. Vartai atviri 8:00–22:00.',
        en: 'Of course. A day visit costs {{dayAdult}} for adults (16+) and {{dayChild}} for children aged {{childFreeUnder}} and over. The gates are open from 8:00 to 22:00.',
      },
      {
        lt: 'Žinoma. Dienos apsilankymas suaugusiesiems (16+) kainuoja {{dayAdult}}, vaikams nuo {{childFreeUnder}} metų – {{dayChild}}. Vartai atviri {{checkIn}}–22:00.',
        en: 'Of course. A day visit costs {{dayAdult}} for adults (16+) and {{dayChild}} for children aged {{childFreeUnder}} and over. The gates are open from {{checkIn}} to 22:00.',
      },
    ],
    [
      {
        lt: 'Tylos valandos stovyklavietėje – nuo 23:00 iki 07:00, todėl muzika skamba iki 23:00. Automobiliais nuo 22:00 iki 08:00 važinėti negalima.',
        en: 'Quiet hours at the campsite are from 23:00 to 07:00, so music stops at 23:00. Cars may not be driven between 22:00 and 08:00.',
      },
      {
        lt: 'Tylos valandos stovyklavietėje – nuo {{quietFrom}} iki {{quietUntil}}, todėl muzika skamba iki {{musicUntil}}. Automobiliais nuo 22:00 iki 08:00 važinėti negalima.',
        en: 'Quiet hours at the campsite are from {{quietFrom}} to {{quietUntil}}, so music stops at {{musicUntil}}. Cars may not be driven between 22:00 and 08:00.',
      },
    ],
  ]),
};

/** The texts of faq (content the organisers edit). */
export const faqTexts = definePageTexts('page.faq', faqTextsInitial, [PATHS.faq], {}, [], UPGRADES);
