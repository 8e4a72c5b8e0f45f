import { z } from 'zod';
import { wallTimeProblem } from '~/platform/event/instant';
import { isSafeLink } from './links';

/**
 * The building blocks of content types: zod schemas that carry, as zod metadata, what the
 * admin editor needs to draw a field (its kind and its label). One schema per content type
 * is then everything at once: the TypeScript type, the validation of a draft and of a
 * publish (API and editor alike), and the editor's form (platform/content/editor).
 *
 * Labels and messages are keys of the `content` language pack (admin area only).
 */

/** A text that must be there in both languages before publishing (a draft may lack it). */
export const REQUIRED = 'content:errors.required';

type FieldKind =
  | 'text'
  | 'localized'
  | 'richText'
  | 'money'
  | 'number'
  | 'dateTime'
  | 'time'
  | 'url'
  | 'email'
  | 'phone'
  | 'boolean'
  | 'choice'
  | 'image'
  | 'list'
  | 'group';

export interface FieldMeta {
  kind: FieldKind;
  /** Key of the `content` pack. */
  label: string;
  /** What to show when the pack has no text for `label` (page texts: the key, readable). */
  name?: string;
  /** Key of a help text under the field. */
  help?: string;
  /** Text fields: a textarea. */
  multiline?: boolean;
  /** Lists: the item's field shown as its title in the editor. */
  itemTitle?: string;
  /** Choices: the values, labelled `<label>Options.<value>`. */
  options?: readonly string[];
  /** Money: its currency (pounds unless said; the partner's own store prices in euros). */
  currency?: MoneyCurrency;
}

export type MoneyCurrency = 'GBP' | 'EUR';

export const fieldMeta = (schema: z.ZodType): FieldMeta | undefined => schema.meta() as FieldMeta | undefined;

function text(required: boolean, max: number) {
  const base = z.string().trim().max(max, 'content:errors.tooLong');
  return required ? base.min(1, REQUIRED) : base;
}

interface TextOptions {
  label: string;
  help?: string;
  optional?: boolean;
  multiline?: boolean;
  max?: number;
}

/** A text in Lithuanian and English, edited side by side. */
export function localized({ label, help, optional = false, multiline = false, max }: TextOptions) {
  const limit = max ?? (multiline ? 5000 : 300);
  return z
    .strictObject({ lt: text(!optional, limit), en: text(!optional, limit) })
    .meta({ kind: 'localized', label, help, multiline });
}

/**
 * Formatted text in both languages, written as Markdown (headings, paragraphs, lists, links,
 * emphasis). Pages get it parsed into a safe tree (platform/content/rich-text-loader.ts):
 * no raw HTML from the editor ever reaches a page.
 */
export function richText({ label, help, optional = false }: Omit<TextOptions, 'multiline'>) {
  return z
    .strictObject({ lt: text(!optional, 20_000), en: text(!optional, 20_000) })
    .meta({ kind: 'richText', label, help });
}

/** One text, the same in both languages (names, numbers, codes). */
export function plainText({ label, help, optional = false, multiline = false, max = 300 }: TextOptions) {
  return text(!optional, max).meta({ kind: 'text', label, help, multiline });
}

interface MoneyOptions {
  label: string;
  help?: string;
  allowZero?: boolean;
  currency?: MoneyCurrency;
}

/**
 * Money in integer pence (or cents), more than zero (shown and typed as pounds, or euros). An `optional` amount
 * may be left empty (null): a price range open at the top.
 */
export function money(options: MoneyOptions & { optional?: false }): z.ZodNumber;
export function money(options: MoneyOptions & { optional: true }): z.ZodNullable<z.ZodNumber>;
export function money({
  label,
  help,
  allowZero = false,
  optional = false,
  currency = 'GBP',
}: MoneyOptions & { optional?: boolean }) {
  const pence = z
    .number({ error: 'content:errors.number' })
    .int('content:errors.number')
    .min(allowZero ? 0 : 1, allowZero ? 'content:errors.notNegative' : 'content:errors.pricePositive')
    .max(10_000_000, 'content:errors.tooLarge');
  return (optional ? pence.nullable() : pence).meta({ kind: 'money', label, help, currency });
}

interface NumberOptions {
  label: string;
  help?: string;
  min?: number;
  max?: number;
  decimals?: number;
}

/**
 * A number between `min` and `max`, with at most `decimals` digits after the point. An
 * `optional` number may be left empty (null): a limit not set.
 */
export function number(options: NumberOptions & { optional?: false }): z.ZodType<number>;
export function number(options: NumberOptions & { optional: true }): z.ZodType<number | null>;
export function number({
  label,
  help,
  min = 0,
  max = 1_000_000,
  decimals,
  optional = false,
}: NumberOptions & { optional?: boolean }): z.ZodType<number | null> {
  const value = z
    .number({ error: 'content:errors.number' })
    .min(min, 'content:errors.tooSmall')
    .max(max, 'content:errors.tooLarge');
  const scale = 10 ** (decimals ?? 0);
  const checked =
    decimals === undefined
      ? value
      : value.refine(
          (n) => Math.abs(n * scale - Math.round(n * scale)) < 1e-6,
          decimals === 0 ? 'content:errors.wholeNumber' : 'content:errors.decimals',
        );
  return (optional ? checked.nullable() : checked).meta({ kind: 'number', label, help });
}

/** The value, or also '' when the field may be left empty. */
function orEmpty<T extends z.ZodType>(schema: T, optional: boolean) {
  return optional ? z.union([z.literal(''), schema]) : schema;
}

/** Whether 'YYYY-MM-DD…' names a day the calendar has (not 2027-02-30). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** A date and time of day in UK time (where the event is): 'YYYY-MM-DDTHH:mm', or empty when `optional`. */
export function dateTime({
  label,
  help,
  optional = false,
}: {
  label: string;
  help?: string;
  optional?: boolean;
}) {
  return orEmpty(ukWallTime, optional).meta({ kind: 'dateTime', label, help });
}

/**
 * A UK wall-clock time, 'YYYY-MM-DDTHH:mm', that names exactly one moment (event facts, the
 * rota's slots): refused with a translated error for a date there is not, or a time the
 * clocks skip or show twice.
 */
export const ukWallTime = z
  .string({ error: 'content:errors.dateTime' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, 'content:errors.dateTime')
  // The pattern lets 30 February through; the calendar does not.
  .refine(isCalendarDate, { message: 'content:errors.noSuchDate', when: ({ issues }) => !issues.length })
  // The UK clock skips an hour in spring and shows one twice in autumn (issue 42): such a
  // time would silently become another, or one of two.
  .refine((value) => wallTimeProblem(value) !== 'gap', {
    message: 'content:errors.clockGap',
    when: ({ issues }) => !issues.length,
  })
  .refine((value) => wallTimeProblem(value) !== 'repeat', {
    message: 'content:errors.clockRepeat',
    when: ({ issues }) => !issues.length,
  });

/** A time of day, 'HH:mm'. */
export function time({ label, help }: { label: string; help?: string }) {
  return z
    .string({ error: 'content:errors.time' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'content:errors.time')
    .meta({ kind: 'time', label, help });
}

/** A web address (https or http), or empty when `optional`. */
export function url({ label, help, optional = false }: { label: string; help?: string; optional?: boolean }) {
  const address = z
    .string()
    .trim()
    .max(2000, 'content:errors.tooLong')
    .refine((value) => !value.startsWith('/') && isSafeLink(value), 'content:errors.url');
  return orEmpty(address, optional).meta({ kind: 'url', label, help });
}

/** A link on the site: a page's path ('/istorija') or a web address. */
export function link({
  label,
  help,
  optional = false,
}: {
  label: string;
  help?: string;
  optional?: boolean;
}) {
  const target = z
    .string()
    .trim()
    .max(2000, 'content:errors.tooLong')
    .refine((value) => isSafeLink(value), 'content:errors.link');
  return orEmpty(target, optional).meta({ kind: 'url', label, help });
}

export function email({ label, help }: { label: string; help?: string }) {
  return z
    .string()
    .trim()
    .max(254)
    .pipe(z.email('content:errors.email'))
    .meta({ kind: 'email', label, help });
}

export function phone({ label, help }: { label: string; help?: string }) {
  return z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{5,30}$/, 'content:errors.phone')
    .meta({ kind: 'phone', label, help });
}

export function flag({ label, help }: { label: string; help?: string }) {
  return z.boolean().meta({ kind: 'boolean', label, help });
}

export function choice<const Options extends readonly [string, ...string[]]>({
  label,
  help,
  options,
}: {
  label: string;
  help?: string;
  options: Options;
}) {
  return z.enum(options, 'content:errors.choice').meta({ kind: 'choice', label, help, options });
}

/**
 * A photo: the id of an uploaded photo ('<uuid>') or of one that came with the site
 * ('asset:<path>'), resolved to image sizes for the page (platform/content/media).
 */
export function image({
  label,
  help,
  optional = false,
}: {
  label: string;
  help?: string;
  optional?: boolean;
}) {
  const id = z
    .string()
    .regex(
      /^(asset:[\w./-]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
      'content:errors.image',
    );
  return orEmpty(id, optional).meta({ kind: 'image', label, help });
}

/** A short code the site keys things by (a product's id): lower-case letters, digits, dashes. */
export function slug({ label, help }: { label: string; help?: string }) {
  return z
    .string()
    .trim()
    .max(60, 'content:errors.tooLong')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'content:errors.slug')
    .meta({ kind: 'text', label, help });
}

export function list<Item extends z.ZodType>(
  item: Item,
  {
    label,
    help,
    itemTitle,
    max = 200,
    uniqueBy,
  }: {
    label: string;
    help?: string;
    itemTitle?: string;
    max?: number;
    /** Entries must differ in this (a product's id). */
    uniqueBy?: (entry: z.output<Item>) => unknown;
  },
) {
  const entries = z.array(item).max(max, 'content:errors.tooMany');
  return (
    uniqueBy
      ? entries.refine((all) => new Set(all.map(uniqueBy)).size === all.length, 'content:errors.duplicate')
      : entries
  ).meta({ kind: 'list', label, help, itemTitle });
}

export function group<Shape extends z.ZodRawShape>(
  shape: Shape,
  { label, help }: { label: string; help?: string },
) {
  return z.strictObject(shape).meta({ kind: 'group', label, help });
}
