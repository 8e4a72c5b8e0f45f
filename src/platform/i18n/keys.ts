import type admin from './locales/lt/admin.json';
import type checkIn from './locales/lt/checkIn.json';
import type common from './locales/lt/common.json';
import type contactForm from './locales/lt/contactForm.json';
import type content from './locales/lt/content.json';
import type forms from './locales/lt/forms.json';
import type gallery from './locales/lt/gallery.json';
import type mail from './locales/lt/mail.json';
import type nextYear from './locales/lt/nextYear.json';
import type offline from './locales/lt/offline.json';
import type participantMessages from './locales/lt/participantMessages.json';
import type partner from './locales/lt/partner.json';
import type privacy from './locales/lt/privacy.json';
import type registration from './locales/lt/registration.json';
import type shopServer from './locales/lt/shop-server.json';
import type shop from './locales/lt/shop.json';
import type sponsorApplication from './locales/lt/sponsorApplication.json';

/**
 * The translation keys as types, read by TypeScript from the Lithuanian packs themselves
 * (`resolveJsonModule`; the packs test keeps the English ones the same), so `t('no.such.key')`
 * fails the typecheck (decision 0053). A namespace here is a pack file; adding a pack adds a line.
 */
interface Packs {
  admin: typeof admin;
  checkIn: typeof checkIn;
  common: typeof common;
  contactForm: typeof contactForm;
  content: typeof content;
  forms: typeof forms;
  gallery: typeof gallery;
  mail: typeof mail;
  nextYear: typeof nextYear;
  offline: typeof offline;
  participantMessages: typeof participantMessages;
  partner: typeof partner;
  privacy: typeof privacy;
  registration: typeof registration;
  'shop-server': typeof shopServer;
  shop: typeof shop;
  sponsorApplication: typeof sponsorApplication;
}

export type Namespace = keyof Packs;

/** Every text's dotted path in a pack: `{ a: { b: '' } }` → `'a.b'`. */
type Paths<P, Prefix extends string = ''> = {
  [K in keyof P & string]: P[K] extends string ? `${Prefix}${K}` : Paths<P[K], `${Prefix}${K}.`>;
}[keyof P & string];

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A plural form's key also by its base, as `t('items', { count })` asks for it. */
type Plural<K extends string> = K extends `${infer Base}_ordinal_${PluralForm}`
  ? Base
  : K extends `${infer Base}_${PluralForm}`
    ? Base
    : never;

/** The keys of namespace `N` (of each, for a union), as written without the namespace. */
export type KeyIn<N extends Namespace> = N extends Namespace
  ? Paths<Packs[N]> | Plural<Paths<Packs[N]>>
  : never;

/** Any key with its namespace: `'admin:nav.title'`. */
type QualifiedKey = { [N in Namespace]: `${N}:${KeyIn<N>}` }[Namespace];

/**
 * The keys a default namespace `N` takes: its own, and any with its namespace. Without `N`:
 * only keys with their namespace (what a function handed a `t` of any namespace may ask for).
 */
type TranslationKey<N extends Namespace = never> = KeyIn<N> | QualifiedKey;

/**
 * Keys built at run time from data (a stored status, a table's name, a content field's
 * label), as patterns: `*` is any text. A key written with a variable part (`` `values.${x}` ``
 * with `x` a plain string) must match one of these, or the typecheck fails; a pack key under
 * one counts as used (tests/architecture/translation-keys.test.ts, which also fails for a
 * pattern no key matches). Where the variable part is a union of literals, the key is checked
 * as written, without this list: prefer that.
 */
export const DYNAMIC_KEYS = {
  admin: [
    'values.*',
    'tabs.*',
    'team.languages.*',
    'charts.*',
    'list.searchPlaceholder.*',
    'list.filter.*',
    'list.totals.*',
    'list.totalsFiltered.*',
    'privacy.tables.*',
    'privacy.retention.from.*',
    'csv.fileNames.*',
  ],
  contactForm: ['form.subject.options.*'],
  content: ['*Options.*', 'types.*'],
  nextYear: ['errors.part.*'],
  offline: ['pages.*'],
  registration: ['form.participationType.options.*', 'form.camping.options.*'],
  shop: ['orderForm.*'],
  sponsorApplication: ['form.*.options.*'],
} as const satisfies Partial<Record<Namespace, readonly string[]>>;

type Star<S extends string> = S extends `${infer A}*${infer B}` ? `${A}${string}${Star<B>}` : S;
type Dynamic = {
  [N in keyof typeof DYNAMIC_KEYS]: (typeof DYNAMIC_KEYS)[N][number];
};

/** A key built at run time (`DYNAMIC_KEYS`) of namespace `N` or with its namespace. */
type DynamicKey<N extends Namespace = never> =
  | { [D in N & keyof Dynamic]: Star<Dynamic[D]> }[N & keyof Dynamic]
  | { [D in keyof Dynamic]: `${D}:${Star<Dynamic[D]>}` }[keyof Dynamic];

/** The rest of every key that starts with `Prefix` (with its namespace): `KeysUnder<'mail:manage.'>`. */
export type KeysUnder<Prefix extends string, K = QualifiedKey> = K extends `${Prefix}${infer Rest}`
  ? Rest
  : never;

/** Every `P` (with its namespace) for which `` `${P}.${Last}` `` is a key: `KeysBefore<'subject'>`. */
export type KeysBefore<Last extends string, K = QualifiedKey> = K extends `${infer P}.${Last}` ? P : never;

/** True for a pattern (a template type with a plain-string part), false for a literal. */
type IsPattern<K extends string> = Record<never, never> extends Record<K, true> ? true : false;

/**
 * What `t` accepts for a key of type `K` with default namespace `N`: a literal key must be a
 * key of the packs; a pattern must match `DYNAMIC_KEYS`; a plain `string` (a message chosen by
 * a validator or the server, a label in a list typed `string`) is not checked: type what holds
 * it as `KeyIn<N>` (as CSV column titles are) and it is.
 */
export type KeyArgument<K extends string, N extends Namespace> = string extends K
  ? K
  : K extends TranslationKey<N>
    ? K
    : IsPattern<K> extends true
      ? K extends DynamicKey<N>
        ? K
        : DynamicKey<N>
      : TranslationKey<N>;
