import registrationTextsInitial from '@content/initial/page.registration.json' with { type: 'json' };
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

const UPGRADES = {
  // Shape 2 (issue 31): the hours the first content wrote as numbers come from the event facts.
  1: replaceUnchangedTexts([
    [
      {
        lt: 'Tylos valandos – nuo 23:00 iki 07:00, ežerai uždaromi 20:00.',
        en: 'Quiet hours are 23:00 to 07:00, and the lakes close at 20:00.',
      },
      {
        lt: 'Tylos valandos – nuo {{quietFrom}} iki {{quietUntil}}, ežerai uždaromi 20:00.',
        en: 'Quiet hours are {{quietFrom}} to {{quietUntil}}, and the lakes close at 20:00.',
      },
    ],
  ]),
  // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
  // in words follow the event facts; only where still as the earlier first content wrote them.
  2: replaceUnchangedTexts([
    [
      {
        lt: 'Tylos valandos – nuo {{quietFrom}} iki {{quietUntil}}, ežerai uždaromi 20:00.',
        en: 'Quiet hours are {{quietFrom}} to {{quietUntil}}, and the lakes close at 20:00.',
      },
      {
        lt: 'Tylos valandos – nuo {{quietFrom}} iki {{quietUntil}}, ežerai uždaromi {{lakesClose}}.',
        en: 'Quiet hours are {{quietFrom}} to {{quietUntil}}, and the lakes close at {{lakesClose}}.',
      },
    ],
    [
      { lt: '{{shortDate}}, per Žolinę', en: '{{shortDate}}, on the feast of Žolinė' },
      { lt: '{{shortDate}}{{feast}}', en: '{{shortDate}}{{feast}}' },
    ],
  ]),
};

/** The texts of registration, registrationSuccess (content the organisers edit). */
export const registrationTexts = definePageTexts(
  'page.registration',
  registrationTextsInitial,
  [PATHS.registration, PATHS.registrationSuccess],
  {},
  [],
  UPGRADES,
);
