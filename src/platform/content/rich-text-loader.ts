import { Lexer, type Token, type Tokens } from 'marked';
import { z } from 'zod';
import type { FieldError } from '~/platform/http/api';
import { type ContentOf, type ContentType, contentOf, type SiteContent } from './content-type';
import { fieldMeta } from './fields';
import { isSafeLink, TEXT_LINK_SCHEMES } from './links';
import type { RichBlock, RichInline, RichTexts } from './rich-text';

// Imported by routes' loaders and the content store only, so React Router leaves it (and
// marked) out of the browser's code: pages get the parsed tree.

/**
 * How deep formatted text may nest: quotes and lists inside each other, and bold, italic and
 * links inside each other. Real texts use 2–3 levels. marked recurses once per level and
 * overflows Node's default stack from about 3000 levels of quotes or lists and 3000 of
 * emphasis (measured on marked 18), and its time grows with the square of the depth (1000
 * nested emphases: 0.8 s); 10 leaves a margin of over 100 times.
 */
export const MAX_NESTING = 10;
/**
 * What the quick look at the raw text (before marked) lets through: an upper bound of the
 * nesting, which counts a little high (spaces after a list marker, delimiters that may close
 * rather than open), so marked is never handed a text it cannot parse quickly.
 */
const MAX_ESTIMATE = 3 * MAX_NESTING;

/** Why a formatted text cannot be published: a key of the `content` pack. */
class RichTextProblem extends Error {}

const NESTED_TOO_DEEP = 'content:errors.nestedTooDeep';

/** Quotes and list items opened at the start of a line, and its indentation (2 columns a level). */
function lineNestingEstimate(line: string): number {
  let markers = 0;
  let columns = 0;
  let at = 0;
  for (;;) {
    const char = line[at];
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else if (char === '>') markers += 1;
    else {
      const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(at));
      if (!marker) break;
      markers += 1;
      at += marker[0].length;
      continue;
    }
    at += 1;
  }
  return markers + Math.floor(columns / 2);
}

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * The most emphasis delimiters and link brackets open at once in a paragraph (CommonMark's
 * flanking rules): a run that may open counts up, one that can only close counts down.
 */
function inlineNestingEstimate(paragraph: string): number {
  const open: Record<string, number> = { '*': 0, _: 0, '[': 0 };
  let most = 0;
  for (const run of paragraph.matchAll(/\*+|_+|\[|\]/g)) {
    const text = run[0];
    const before = paragraph[run.index - 1] ?? ' ';
    const after = paragraph[run.index + text.length] ?? ' ';
    if (text === '[') open['[']! += 1;
    else if (text === ']') open['['] = Math.max(0, open['[']! - 1);
    else {
      const space = (c: string) => WHITESPACE.test(c);
      const punct = (c: string) => PUNCTUATION.test(c);
      const left = !space(after) && (!punct(after) || space(before) || punct(before));
      const right = !space(before) && (!punct(before) || space(after) || punct(after));
      const char = text[0]!;
      const canOpen = char === '*' ? left : left && (!right || punct(before));
      if (canOpen) open[char]! += text.length;
      else if (right) open[char] = Math.max(0, open[char]! - text.length);
    }
    most = Math.max(most, open['*']! + open._! + open['[']!);
  }
  return most;
}

/** The deepest nesting of quotes and lists, and of emphasis and links, in marked's tokens. */
function tokenNesting(tokens: readonly Token[] | undefined, blocks = 0, inlines = 0): number {
  let most = Math.max(blocks, inlines);
  for (const token of tokens ?? []) {
    const isBlock = token.type === 'blockquote' || token.type === 'list_item';
    const isInline = token.type === 'strong' || token.type === 'em' || token.type === 'link';
    const [b, i] = [blocks + (isBlock ? 1 : 0), inlines + (isInline ? 1 : 0)];
    most = Math.max(most, b, i);
    if (most > MAX_NESTING) return most;
    if (token.type === 'list') most = Math.max(most, tokenNesting((token as Tokens.List).items, b, i));
    else if ('tokens' in token) most = Math.max(most, tokenNesting(token.tokens, b, i));
    if (most > MAX_NESTING) return most;
  }
  return most;
}

/**
 * The organisers' Markdown read with marked's lexer (a well-kept CommonMark parser), within
 * the limits above; throws RichTextProblem otherwise. Without GitHub's extensions: their
 * e-mail and address autolinks scan ahead from every `_` or `*` in a word, so 'a_a_a_…'
 * (20,000 characters) took 0.25–0.45 s to read, against 17 ms without them; strikethrough and
 * tables showed as plain text here anyway. `<https://…>` and `[words](https://…)` still link.
 */
function lex(markdown: string): Token[] {
  const lines = markdown.split('\n');
  if (lines.some((line) => lineNestingEstimate(line) > MAX_ESTIMATE))
    throw new RichTextProblem(NESTED_TOO_DEEP);
  if (markdown.split(/\n[ \t]*\n/).some((paragraph) => inlineNestingEstimate(paragraph) > MAX_ESTIMATE))
    throw new RichTextProblem(NESTED_TOO_DEEP);
  let tokens: Token[];
  try {
    tokens = Lexer.lex(markdown, { gfm: false });
  } catch (error) {
    // A stack overflow the estimates did not foresee: still the text's fault, said plainly.
    if (error instanceof RangeError) throw new RichTextProblem(NESTED_TOO_DEEP);
    throw error;
  }
  if (tokenNesting(tokens) > MAX_NESTING) throw new RichTextProblem(NESTED_TOO_DEEP);
  return tokens;
}

/**
 * Kept to what a page may show. Raw HTML is shown as the text it is; a link to anything but
 * a page, a web address, e-mail or phone keeps its words and loses the link (such links are
 * refused when saving; this is for texts stored before that).
 */
function inline(tokens: readonly Token[] | undefined): RichInline[] {
  const out: RichInline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
        out.push({ type: token.type, children: inline((token as Tokens.Strong).tokens) });
        break;
      case 'del':
        out.push(...inline((token as Tokens.Del).tokens));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const children = inline(link.tokens);
        if (isSafeLink(link.href, TEXT_LINK_SCHEMES)) out.push({ type: 'link', href: link.href, children });
        else out.push(...children);
        break;
      }
      case 'br':
        out.push({ type: 'break' });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...inline(text.tokens));
        else out.push({ type: 'text', text: text.text });
        break;
      }
      case 'image':
        out.push({ type: 'text', text: (token as Tokens.Image).text });
        break;
      default:
        // codespan, escape, html, anything new: its text as plain text.
        out.push({ type: 'text', text: 'text' in token ? String(token.text) : token.raw });
    }
  }
  return out;
}

function blocks(tokens: readonly Token[]): RichBlock[] {
  const out: RichBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        // Pages put the section's own title in <h2>; the organisers' headings come under it.
        out.push({ type: 'heading', level: heading.depth <= 2 ? 3 : 4, children: inline(heading.tokens) });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        out.push({
          type: 'list',
          ordered: list.ordered,
          items: list.items.map((item) => blocks(item.tokens)),
        });
        break;
      }
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens));
        break;
      case 'paragraph':
      case 'text':
        out.push({ type: 'paragraph', children: inline((token as Tokens.Paragraph).tokens) });
        break;
      default:
        // code, html, tables: their text as a paragraph.
        out.push({
          type: 'paragraph',
          children: [{ type: 'text', text: 'text' in token ? String(token.text) : token.raw }],
        });
    }
  }
  return out;
}

/**
 * A formatted text as the page draws it. A text beyond the limits (stored before they were
 * checked) is shown as plain paragraphs rather than breaking its page.
 */
export function parseRichText(markdown: string): RichBlock[] {
  try {
    return blocks(lex(markdown));
  } catch (error) {
    if (!(error instanceof RichTextProblem)) throw error;
    return markdown
      .split(/\n[ \t]*\n/)
      .filter((paragraph) => paragraph.trim())
      .map((paragraph) => ({ type: 'paragraph', children: [{ type: 'text', text: paragraph.trim() }] }));
  }
}

/** Links in the tokens that a page would not carry. */
function hasUnsafeLink(tokens: readonly Token[] | undefined): boolean {
  return (tokens ?? []).some((token) => {
    if (token.type === 'link' && !isSafeLink((token as Tokens.Link).href, TEXT_LINK_SCHEMES)) return true;
    if (token.type === 'list') return (token as Tokens.List).items.some((item) => hasUnsafeLink(item.tokens));
    return 'tokens' in token && hasUnsafeLink(token.tokens);
  });
}

/** What is wrong with a formatted text for publishing (a `content` pack key), or undefined. */
export function richTextProblem(markdown: string): string | undefined {
  try {
    const tokens = lex(markdown);
    return hasUnsafeLink(tokens) ? 'content:errors.textLink' : undefined;
  } catch (error) {
    if (error instanceof RichTextProblem) return error.message;
    throw error;
  }
}

/** Calls `visit` with every formatted text of `value` (a document of `type`) and its place. */
function eachRichText(
  type: ContentType,
  value: unknown,
  visit: (text: Record<string, unknown>, path: string[]) => void,
) {
  const walk = (schema: z.ZodType, node: unknown, path: string[]) => {
    if (node === undefined || node === null) return;
    if (fieldMeta(schema)?.kind === 'richText') {
      if (typeof node === 'object') visit(node as Record<string, unknown>, path);
    } else if (schema instanceof z.ZodArray && Array.isArray(node)) {
      node.forEach((entry, index) => walk(schema.element as z.ZodType, entry, [...path, String(index)]));
    } else if (schema instanceof z.ZodObject && typeof node === 'object') {
      for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        walk(field, (node as Record<string, unknown>)[key], [...path, key]);
      }
    }
  };
  walk(type.schema, value, []);
}

/**
 * The formatted texts of a document that cannot be published (too deeply nested, a link that
 * is not the site's own page or an allowed address), each at its field in either language.
 */
export function richTextProblems(type: ContentType, value: unknown): FieldError[] {
  const problems: FieldError[] = [];
  eachRichText(type, value, (text, path) => {
    for (const language of ['lt', 'en'] as const) {
      const markdown = text[language];
      const message = typeof markdown === 'string' ? richTextProblem(markdown) : undefined;
      if (message) problems.push({ field: [...path, language].join('.'), message });
    }
  });
  return problems;
}

/** Every formatted text of `value` (a document of `type`), parsed, by its place in it. */
export function richTextsOf(type: ContentType, value: unknown): RichTexts {
  const found: RichTexts = {};
  eachRichText(type, value, (text, path) => {
    const lt = parseRichText(String(text.lt));
    // A render's content holds one language under both keys (in-language.ts): parsed once, sent once.
    found[path.join('.')] = { lt, en: text.en === text.lt ? lt : parseRichText(String(text.en)) };
  });
  return found;
}

/**
 * Parsed texts by the document they come from (and the part of it a page shows: one page of
 * a list). Published content is one object until the next publish, so each text is parsed
 * once (when its page is first rendered), never again per request: the pages' `.data`
 * requests run the loaders every time.
 */
const parsed = new WeakMap<object, Map<string, { texts: unknown; rich: RichTexts }>>();

/**
 * A page's texts for its loader: the document (or the `part` of it the page shows, e.g. one
 * page of a list, named by `part.key`), and its formatted texts parsed.
 */
export function pageTextsOf<T extends ContentType>(
  content: SiteContent,
  type: T,
  part?: { key: string; of: (texts: ContentOf<T>) => ContentOf<T> },
): { texts: ContentOf<T>; rich: RichTexts } {
  const document = contentOf(content, type);
  if (typeof document !== 'object' || document === null)
    return { texts: document, rich: richTextsOf(type, document) };
  let parts = parsed.get(document);
  if (!parts) parsed.set(document, (parts = new Map()));
  const key = part?.key ?? '';
  let found = parts.get(key) as { texts: ContentOf<T>; rich: RichTexts } | undefined;
  if (!found) {
    const texts = part ? part.of(document) : document;
    found = { texts, rich: richTextsOf(type, texts) };
    parts.set(key, found);
  }
  return found;
}
