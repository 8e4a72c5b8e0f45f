/**
 * Ordinal words for the edition ("šeštasis" / "sixth"), so texts that name the edition follow
 * the event facts (issue 43). Lithuanian: masculine (renginys, savaitgalis, susitikimas), in
 * the three cases the texts use; a stem and its endings, so the stale-text scan can find any
 * form of an old edition's word. Editions past 99 are written with digits.
 */

const LT_STEMS: Record<number, string> = {
  1: 'pirm',
  2: 'antr',
  3: 'treči',
  4: 'ketvirt',
  5: 'penkt',
  6: 'šešt',
  7: 'septint',
  8: 'aštunt',
  9: 'devint',
  10: 'dešimt',
  11: 'vienuolikt',
  12: 'dvylikt',
  13: 'trylikt',
  14: 'keturiolikt',
  15: 'penkiolikt',
  16: 'šešiolikt',
  17: 'septyniolikt',
  18: 'aštuoniolikt',
  19: 'devyniolikt',
};
const LT_TENS = [
  '',
  '',
  'dvidešimt',
  'trisdešimt',
  'keturiasdešimt',
  'penkiasdešimt',
  'šešiasdešimt',
  'septyniasdešimt',
  'aštuoniasdešimt',
  'devyniasdešimt',
];

const EN_ORDINALS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_TENTHS = [
  '',
  '',
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'seventieth',
  'eightieth',
  'ninetieth',
];

/** The Lithuanian words before the last one ("dvidešimt ") and the last one's stem ("pirm"). */
function ltParts(n: number): { head: string; stem: string } | null {
  if (n < 1 || n > 99 || !Number.isInteger(n)) return null;
  if (n < 20) return { head: '', stem: LT_STEMS[n]! };
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return units === 0
    ? { head: '', stem: LT_TENS[tens]! }
    : { head: `${LT_TENS[tens]} `, stem: LT_STEMS[units]! };
}

const LT_ENDINGS = { nominative: 'asis', genitive: 'ojo', accusative: 'ąjį' } as const;
type Case = keyof typeof LT_ENDINGS;

/** "šeštasis", "šeštojo", "šeštąjį" (masculine); "106-asis"… past 99. */
export function ltOrdinal(n: number, grammaticalCase: Case = 'nominative'): string {
  const parts = ltParts(n);
  if (!parts) return `${n}-${LT_ENDINGS[grammaticalCase]}`;
  return `${parts.head}${parts.stem}${LT_ENDINGS[grammaticalCase]}`;
}

/** "sixth", "twenty-first"; "106th"… past 99. */
export function enOrdinal(n: number): string {
  if (n < 1 || n > 99 || !Number.isInteger(n)) {
    const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
    return `${n}${suffix}`;
  }
  if (n < 20) return EN_ORDINALS[n]!;
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return units === 0 ? EN_TENTHS[tens]! : `${EN_TENS[tens]}-${EN_ORDINALS[units]}`;
}

/** A jubilee edition: every fifth (5, 10, 15…). */
export const isJubilee = (edition: number) => edition > 0 && edition % 5 === 0;

const NOT_A_LETTER = '(?![\\p{L}\\p{N}])';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that finds the edition's ordinal in a text, in either language and any form
 * ("penktasis", "penktąjį", "Penkti metai", "fifth", "5th"), but not other words on the same
 * stem ("penktadienis", "ketvirtadalis").
 */
export function ordinalPattern(n: number): RegExp {
  const parts = ltParts(n);
  const lt = parts
    ? `${escape(parts.head)}${escape(parts.stem)}(?:a|as|asis|i|ieji|o|ojo|ą|ąjį|am|ajam|ame|ajame|u|uoju|ų|ųjų|us|uosius|ai|ais|aisiais|os|osios|oji|ąją|ąja|oje|ojoje)`
    : escape(ltOrdinal(n));
  const en = `${escape(enOrdinal(n))}|${n}(?:st|nd|rd|th)`;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${lt}|${en})${NOT_A_LETTER}`, 'giu');
}
