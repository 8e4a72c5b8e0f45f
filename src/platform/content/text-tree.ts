// A page's texts as the page reads them: { lt, en } leaves in a tree (no schema here, so
// pages carry none of the editor's validation code).

export type LocalizedText = { lt: string; en: string };
export type TextTree = { [key: string]: TextNode };
/**
 * Plain values are what the page uses as they are: strings (a year, a link, a photo id),
 * numbers (minutes, an amount in pence), flags, and null (an amount left open).
 */
export type TextNode = string | number | boolean | null | LocalizedText | TextTree | TextNode[];

export const isLocalizedText = (value: unknown): value is LocalizedText =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  typeof (value as LocalizedText).lt === 'string' &&
  typeof (value as LocalizedText).en === 'string';

/** The tree with each { lt, en } leaf read in `language` (and placeholders filled). */
export function textsIn(node: unknown, language: 'lt' | 'en', fill: (text: string) => string): unknown {
  if (isLocalizedText(node)) return fill(node[language]);
  if (Array.isArray(node)) return node.map((child) => textsIn(child, language, fill));
  if (typeof node === 'object' && node !== null) {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, textsIn(v, language, fill)]));
  }
  return node;
}
