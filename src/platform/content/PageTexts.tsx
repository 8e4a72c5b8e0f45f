import { createContext, type ReactNode, useContext } from 'react';
import { useSiteData } from '~/platform/content/site-data';
import { fillPlaceholders } from '~/platform/event/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import type { RichBlock, RichInline, RichTexts } from './rich-text';
import { isLocalizedText, type TextTree, textsIn } from './text-tree';

function at(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

export interface Texts {
  /** The text at `key` ('hero.lead') in the page's language, {{placeholders}} filled. */
  (key: string, values?: Record<string, string | number>): string;
  /** A part of the tree (a list…) with every text in the page's language, filled. */
  tree<T>(key: string): T;
  /** The formatted text at `key` (parsed by the loader, rich-text-loader.ts), filled. */
  rich(key: string): RichBlock[];
}

function fillInline(nodes: RichInline[], fill: (text: string) => string): RichInline[] {
  return nodes.map((node) =>
    node.type === 'text'
      ? { ...node, text: fill(node.text) }
      : 'children' in node
        ? { ...node, children: fillInline(node.children, fill) }
        : node,
  );
}

function fillBlocks(blocks: RichBlock[], fill: (text: string) => string): RichBlock[] {
  return blocks.map((block) =>
    block.type === 'list'
      ? { ...block, items: block.items.map((item) => fillBlocks(item, fill)) }
      : { ...block, children: fillInline(block.children, fill) },
  );
}

/**
 * A page's texts (content the organisers edit, page-texts.ts) read like language packs:
 * `c('hero.lead')`. Texts may use the event facts as {{date}}, {{pitchPerNight}}…, and the
 * page's own values (`c('gallery.alt', { n: 2 })`).
 */
function useTexts(tree: TextTree, rich: RichTexts = {}): Texts {
  const { language } = useLanguage();
  const eventValues = useSiteData().eventTexts[language];
  const fill = (text: string, values?: Record<string, string | number>) =>
    fillPlaceholders(
      values
        ? fillPlaceholders(text, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])))
        : text,
      eventValues,
    );
  const get = ((key: string, values?: Record<string, string | number>) => {
    const node = at(tree, key);
    return isLocalizedText(node) ? fill(node[language], values) : key;
  }) as Texts;
  get.tree = <T,>(key: string) => textsIn(at(tree, key), language, (text) => fill(text)) as T;
  get.rich = (key: string) => {
    const blocks = rich[key]?.[language];
    return blocks
      ? fillBlocks(blocks, (text) => fill(text))
      : [{ type: 'paragraph', children: [{ type: 'text', text: get(key) }] }];
  };
  return get;
}

const PageTextsContext = createContext<{ texts: TextTree; rich?: RichTexts } | null>(null);

/** Gives a page's components its texts (from the route's loader). */
export function PageTexts({
  texts,
  rich,
  children,
}: {
  texts: TextTree;
  rich?: RichTexts;
  children: ReactNode;
}) {
  return <PageTextsContext.Provider value={{ texts, rich }}>{children}</PageTextsContext.Provider>;
}

/** The texts of the page this component is on, read like a language pack: `t('hero.lead')`. */
export function usePageTexts(): Texts {
  const page = useContext(PageTextsContext);
  if (!page) throw new Error('usePageTexts: no <PageTexts> around this component');
  return useTexts(page.texts, page.rich);
}
