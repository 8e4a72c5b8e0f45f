import { isLocalizedText } from '~/platform/content/text-tree';
import { ordinalPattern } from '~/platform/event/ordinal';

/**
 * Issue 43: texts that still name the edition being left behind. After "Prepare next year"
 * a text written out as "penktasis", "the jubilee", "2026" reads wrong; one written with
 * {{ordinal}}, {{year}}, {{lastYear}} follows the facts. What is looked for is derived from the
 * published facts, not kept by hand: the edition's ordinal and the one before it (in any
 * Lithuanian form, and in English), "jubil…", and the edition's year and the year before.
 */
export interface StaleMatcher {
  edition: number;
  year: number;
}

/** A text that names an old edition or year, at its place in a content document. */
export interface StaleText {
  type: string;
  /** The text's place in the document ('announcement.jubilee', 'items.3.answer'). */
  path: string;
  language: 'lt' | 'en';
  text: string;
  /** The words found, as written ("penktasis", "2025"). */
  found: string[];
}

function patterns({ edition, year }: StaleMatcher): RegExp[] {
  const ordinals = [edition, edition - 1].filter((n) => n >= 1).map(ordinalPattern);
  const years = [year, year - 1].map((y) => new RegExp(`(?<![\\p{N}])${y}(?![\\p{N}])`, 'gu'));
  return [...ordinals, /(?<![\p{L}])jubil\p{L}*/giu, ...years];
}

/** The old words in one text (placeholders are never matched: "{{year}}" has no digits). */
export function staleWords(text: string, matcher: StaleMatcher): string[] {
  const found = new Set<string>();
  for (const pattern of patterns(matcher)) for (const match of text.matchAll(pattern)) found.add(match[0]);
  return [...found];
}

/** Every { lt, en } text in a document that names an old edition or year, in either language. */
export function staleTexts(type: string, document: unknown, matcher: StaleMatcher): StaleText[] {
  const result: StaleText[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (isLocalizedText(node)) {
      for (const language of ['lt', 'en'] as const) {
        const found = staleWords(node[language], matcher);
        if (found.length) result.push({ type, path: path.join('.'), language, text: node[language], found });
      }
    } else if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, String(i)]));
    else if (typeof node === 'object' && node !== null)
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(document, []);
  return result;
}
