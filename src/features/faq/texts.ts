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
  // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
  // in words follow the event facts; only where still as the earlier first content wrote them.
  2: replaceUnchangedTexts([
    [
      {
        lt: 'Taip, ežerai atviri 9:00–20:00. Su savo irklente ar baidare – 5 £ visai dienai, nuoma 2 valandoms – 25 £ ir 10 £ užstatas, nardymo išbandymas nuo 10 metų – 35 £.',
        en: 'Yes, the lakes are open from 9:00 to 20:00. Bringing your own paddleboard or kayak costs £5 for the day, hire is £25 for 2 hours plus a £10 deposit, and try-diving from age 10 is £35.',
      },
      {
        lt: 'Taip, ežerai atviri {{lakesOpen}}–{{lakesClose}}. Su savo irklente ar baidare – 5 £ visai dienai, nuoma 2 valandoms – 25 £ ir 10 £ užstatas, nardymo išbandymas nuo 10 metų – 35 £.',
        en: 'Yes, the lakes are open from {{lakesOpen}} to {{lakesClose}}. Bringing your own paddleboard or kayak costs £5 for the day, hire is £25 for 2 hours plus a £10 deposit, and try-diving from age 10 is £35.',
      },
    ],
    [
      {
        lt: 'Jubiliejinis, penktasis BBQ savaitgalis vyks {{shortDate}}, per Žolinę, ežerų stovyklavietėje Pietų Velse. Tikslų adresą atsiųsime el. paštu.',
        en: 'The jubilee fifth BBQ weekend takes place on {{shortDate}}, the feast of Žolinė, at a lakeside campsite in South Wales. We will e-mail you the exact address.',
      },
      {
        lt: '{{editionTitle}} BBQ savaitgalis vyks {{shortDate}}{{feast}}, ežerų stovyklavietėje Pietų Velse. Tikslų adresą atsiųsime el. paštu.',
        en: '{{editionTitle}} BBQ weekend takes place on {{shortDate}}{{feast}}, at a lakeside campsite in South Wales. We will e-mail you the exact address.',
      },
    ],
  ]),
};

/** The texts of faq (content the organisers edit). */
export const faqTexts = definePageTexts('page.faq', faqTextsInitial, [PATHS.faq], {}, [], UPGRADES);
