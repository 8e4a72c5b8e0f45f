import { formatMoney } from './format';
import type { KeyArgument, Namespace } from './keys';
import type { Language } from './languages';

/**
 * Our translator over the language packs (decision 0047: i18next and react-i18next were ~15 KB
 * gzip of every page's first load; this reads the same packs). The browser's instance and the
 * server's (page renders, e-mails, CSV exports) are this class. What it does, as i18next did
 * with our settings:
 * - `t('key')` in the default namespace, `t('ns:key')` in another; keys nest with dots (a pack
 *   key may hold a dot itself: `values.action.order.confirm`);
 * - `{{name}}` is replaced by `options.name` as text, unescaped (React escapes; e-mails escape
 *   for HTML themselves); `{{amount, money}}` writes pence with `formatMoney` in the language;
 * - with a number `count`, the key with the language's plural form is used
 *   (`_one/_few/_many/_other`, `Intl.PluralRules`; with `ordinal: true`, `_ordinal_one` …),
 *   else the key itself, else its `_other`;
 * - a key with no text gives `defaultValue` if given, else the key (without its namespace).
 */

/** One namespace's texts in one language (a pack file's JSON). */
export interface Pack {
  [key: string]: string | Pack;
}

/** Options of `t`: the plural count, `ordinal`, `defaultValue` and the `{{variables}}`. */
export interface TranslateOptions {
  count?: number;
  ordinal?: boolean;
  defaultValue?: string;
  [variable: string]: unknown;
}

/**
 * A translate function fixed to a language and a default namespace `N`: it takes the keys of
 * `N` and any key with its namespace (`'ns:key'`), checked by the typecheck (keys.ts). Without
 * `N` only keys with their namespace: a function handed a `t` of any namespace takes this.
 */
export type Translate<N extends Namespace = never> = <K extends string>(
  key: KeyArgument<K, N>,
  options?: TranslateOptions,
) => string;

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

// Making an Intl.PluralRules costs far more than using one (as format.ts's formatters).
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The keys to try for `count`, in i18next's order: `_zero` for 0 (any language), the
 * language's plural form (an ordinal one also by its cardinal name: `_ordinal_one`, `_one`),
 * the key itself, its "other" form.
 */
function pluralKeys(key: string, language: string, count: number, ordinal: boolean): string[] {
  const type = ordinal ? 'ordinal' : 'cardinal';
  let rules = pluralRules.get(language + type);
  if (!rules) {
    rules = new Intl.PluralRules(language, { type });
    pluralRules.set(language + type, rules);
  }
  const form = rules.select(count);
  const keys = count === 0 && !ordinal ? [`${key}_zero`] : [];
  if (ordinal) keys.push(`${key}_ordinal_${form}`);
  keys.push(`${key}_${form}`, key);
  if (form !== 'other') keys.push(ordinal ? `${key}_ordinal_other` : `${key}_other`);
  return keys;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The text at `parts` (a key split at its dots); a pack key may itself hold dots. */
function find(pack: Pack, parts: string[], from = 0): string | undefined {
  let key = '';
  for (let to = from; to < parts.length; to++) {
    key += (to > from ? '.' : '') + parts[to];
    if (!own(pack, key)) continue;
    const value = pack[key];
    if (to === parts.length - 1) return typeof value === 'string' && value !== '' ? value : undefined;
    if (typeof value === 'object') {
      const found = find(value, parts, to + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Fills `{{name}}` and `{{name, money}}`. As i18next: a variable not given stays as written
 * (so does a formatted one given as undefined); undefined or null is written as nothing.
 */
function interpolate(text: string, language: string, options: TranslateOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (written, inside: string) => {
    const [name = '', format] = inside.split(',').map((part) => part.trim());
    const value = options && own(options, name) ? options[name] : undefined;
    if (value === undefined) return format || !options || !own(options, name) ? written : '';
    if (value === null) return '';
    return format === 'money' ? formatMoney(Number(value), language) : String(value as string);
  });
}

/**
 * Holds the loaded packs (shared with its `inLanguage` copies) and a language. The browser has
 * one, in the page's language; the server renders each page with a copy in that page's
 * language (src/entry.server.tsx, decision 0037), so renders in both languages at the same
 * time never see each other's.
 */
export class Translator {
  private readonly fixed = new Map<string, Translate<Namespace>>();

  constructor(
    public language: Language,
    private readonly packs: Map<string, Pack> = new Map(),
  ) {}

  /** Translates in this translator's language (at the time of the call), default namespace. */
  readonly t: Translate<'common'> = (key, options) =>
    this.translate(this.language, DEFAULT_NAMESPACE, key, options);

  /** A translate function for `language` and `namespace`, made once and kept (stable for React). */
  getFixedT<N extends Namespace = typeof DEFAULT_NAMESPACE>(
    language: Language,
    namespace: N = DEFAULT_NAMESPACE as N,
  ): Translate<N> {
    const id = `${language}/${namespace}`;
    let t = this.fixed.get(id);
    if (!t) {
      t = (key, options) => this.translate(language, namespace, key, options);
      this.fixed.set(id, t);
    }
    return t as Translate<N>;
  }

  /** Another translator over the same packs, in `language`. */
  inLanguage(language: Language): Translator {
    return new Translator(language, this.packs);
  }

  /** Switches this translator (the browser's, before hydration; tests). */
  changeLanguage(language: Language): Promise<void> {
    this.language = language;
    return Promise.resolve();
  }

  hasPack(language: Language, namespace: string): boolean {
    return this.packs.has(`${language}/${namespace}`);
  }

  addPack(language: Language, namespace: string, pack: Pack): void {
    this.packs.set(`${language}/${namespace}`, pack);
  }

  private translate(language: Language, namespace: string, key: string, options?: TranslateOptions): string {
    // 'ns:key' names its namespace (a pack's name: letters, digits, '-', '_').
    const named = /^([\w-]*):(.*)$/s.exec(key);
    if (named) [, namespace = namespace, key = key] = named;
    const pack = this.packs.get(`${language}/${namespace}`);
    let text: string | undefined;
    if (pack) {
      const keys =
        typeof options?.count === 'number'
          ? pluralKeys(key, language, options.count, !!options.ordinal)
          : [key];
      for (const candidate of keys) {
        text = find(pack, candidate.split('.'));
        if (text !== undefined) break;
      }
    }
    return interpolate(text ?? options?.defaultValue ?? key, language, options);
  }
}
