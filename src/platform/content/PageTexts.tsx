import { createContext, type ReactNode, useContext } from 'react';
import { useSiteData } from '~/platform/content/site-data';
import { eventPlaceholders, fillPlaceholders } from '~/platform/event/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
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
}

/**
 * A page's texts (content the organisers edit, page-texts.ts) read like language packs:
 * `c('hero.lead')`. Texts may use the event facts as {{date}}, {{pitchPerNight}}…, and the
 * page's own values (`c('gallery.alt', { n: 2 })`).
 */
export function useTexts(tree: TextTree): Texts {
  const { language } = useLanguage();
  const { event } = useSiteData();
  const eventValues = eventPlaceholders(event, language);
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
  return get;
}

const PageTextsContext = createContext<TextTree | null>(null);

/** Gives a page's components its texts (from the route's loader). */
export function PageTexts({ texts, children }: { texts: TextTree; children: ReactNode }) {
  return <PageTextsContext.Provider value={texts}>{children}</PageTextsContext.Provider>;
}

/** The texts of the page this component is on, read like a language pack: `t('hero.lead')`. */
export function usePageTexts(): Texts {
  const tree = useContext(PageTextsContext);
  if (!tree) throw new Error('usePageTexts: no <PageTexts> around this component');
  return useTexts(tree);
}
