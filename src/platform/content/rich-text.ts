// Formatted text as the pages get it: a small tree of the few things the editor's Markdown may
// say (paragraphs, headings, lists, emphasis, links). The server parses the organisers'
// Markdown into it (rich-text-loader.ts); pages draw it with <RichText>. No HTML string from
// the editor ever reaches a page, and pages carry no Markdown parser.

export type RichInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: RichInline[] }
  | { type: 'link'; href: string; children: RichInline[] }
  | { type: 'break' };

export type RichBlock =
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'heading'; level: 3 | 4; children: RichInline[] }
  | { type: 'list'; ordered: boolean; items: RichBlock[][] };

/** The formatted texts of a page by their place in its texts ('venue.text', 'years.0.description'). */
export type RichTexts = Record<string, { lt: RichBlock[]; en: RichBlock[] }>;
