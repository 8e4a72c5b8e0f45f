import safetyTextsInitial from '@content/initial/page.safety.json' with { type: 'json' };
import { richText } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

const UPGRADES = {
  // Shape 2 (issue 31): the hours the first content wrote as numbers come from the event facts.
  1: replaceUnchangedTexts([
    [
      {
        lt: 'Muzika skamba tik iki 23:00, po to – ramybės valandos.',
        en: 'Music only until 23:00, then quiet hours.',
      },
      {
        lt: 'Muzika skamba tik iki {{musicUntil}}, po to – ramybės valandos.',
        en: 'Music only until {{musicUntil}}, then quiet hours.',
      },
    ],
    [
      { lt: 'Ramybės valandos – nuo 23:00 iki 07:00.', en: 'Quiet hours run from 23:00 to 07:00.' },
      {
        lt: 'Ramybės valandos – nuo {{quietFrom}} iki {{quietUntil}}.',
        en: 'Quiet hours run from {{quietFrom}} to {{quietUntil}}.',
      },
    ],
  ]),
  // Shape 3 (issue 43): texts that named the edition, the jubilee, the year, the feast or an hour
  // in words follow the event facts; only where still as the earlier first content wrote them.
  2: replaceUnchangedTexts([
    [
      { lt: 'Ežerai uždaromi 20:00.', en: 'The lakes close at 20:00.' },
      { lt: 'Ežerai uždaromi {{lakesClose}}.', en: 'The lakes close at {{lakesClose}}.' },
    ],
    [
      {
        lt: 'Ežerai uždaromi 20:00; vandens pramogoms visada vilkite gelbėjimosi liemenę.',
        en: 'The lakes close at 20:00; always wear a life jacket for water activities.',
      },
      {
        lt: 'Ežerai uždaromi {{lakesClose}}; vandens pramogoms visada vilkite gelbėjimosi liemenę.',
        en: 'The lakes close at {{lakesClose}}; always wear a life jacket for water activities.',
      },
    ],
  ]),
};

/** The texts of safety (content the organisers edit). */
export const safetyTexts = definePageTexts(
  'page.safety',
  safetyTextsInitial,
  [PATHS.safety],
  {
    'notice.text': richText,
    'closing.text': richText,
  },
  [],
  UPGRADES,
);
