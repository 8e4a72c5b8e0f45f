import { createContext, useContext } from 'react';
import { i18n as shared } from './i18n';
import type { Namespace } from './keys';
import { DEFAULT_NAMESPACE, type Translate, type Translator } from './translator';

/**
 * The translator a render uses: on the server each render provides its own, in its page's
 * language (src/entry.server.tsx, decision 0037); in the browser there is no provider and the
 * one shared translator is used.
 */
export const TranslatorContext = createContext<Translator | null>(null);

/**
 * `t` in `namespace` (the first one if several are named; the others by `t('ns:key')`;
 * 'common' if none) and the translator, whose `language` is the page's. `t` is the same
 * function on every render.
 */
export function useTranslation<N extends Namespace = typeof DEFAULT_NAMESPACE>(
  namespace: N | readonly [N, ...Namespace[]] = DEFAULT_NAMESPACE as N,
): {
  t: Translate<N>;
  i18n: Translator;
} {
  const i18n = useContext(TranslatorContext) ?? shared;
  const first = typeof namespace === 'string' ? namespace : namespace[0];
  return { t: i18n.getFixedT(i18n.language, first), i18n };
}
