import { Lexer, type Token, type Tokens } from 'marked';
import { z } from 'zod';
import { type ContentType, contentOf, type SiteContent } from './content-type';
import { fieldMeta } from './fields';
import { isSafeHref, type RichBlock, type RichInline, type RichTexts } from './rich-text';

// Imported by routes' loaders only, so React Router leaves it (and marked) out of the
// browser's code: pages get the parsed tree.

/**
 * The organisers' Markdown read with marked's lexer (a well-kept CommonMark parser) and kept
 * to what a page may show. Raw HTML is shown as the text it is; a link to anything but a page,
 * a web address, e-mail or phone keeps its words and loses the link.
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
        if (isSafeHref(link.href)) out.push({ type: 'link', href: link.href, children });
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

export function parseRichText(markdown: string): RichBlock[] {
  return blocks(Lexer.lex(markdown));
}

/** Every formatted text of `value` (a document of `type`), parsed, by its place in it. */
export function richTextsOf(type: ContentType, value: unknown): RichTexts {
  const found: RichTexts = {};
  const walk = (schema: z.ZodType, node: unknown, path: string[]) => {
    if (node === undefined || node === null) return;
    if (fieldMeta(schema)?.kind === 'richText') {
      const text = node as { lt: string; en: string };
      found[path.join('.')] = { lt: parseRichText(text.lt), en: parseRichText(text.en) };
    } else if (schema instanceof z.ZodArray && Array.isArray(node)) {
      node.forEach((entry, index) => walk(schema.element as z.ZodType, entry, [...path, String(index)]));
    } else if (schema instanceof z.ZodObject && typeof node === 'object') {
      for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        walk(field, (node as Record<string, unknown>)[key], [...path, key]);
      }
    }
  };
  walk(type.schema, value, []);
  return found;
}

/** A page's texts for its loader: the document, and its formatted texts parsed. */
export function pageTextsOf<T extends ContentType>(content: SiteContent, type: T) {
  const texts = contentOf(content, type);
  return { texts, rich: richTextsOf(type, texts) };
}
