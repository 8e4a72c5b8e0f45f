import { z } from 'zod';
import { type ContentType, defineContentType } from './content-type';
import { type FieldMeta, fieldMeta, localized } from './fields';
import { isLocalizedText, type LocalizedText, type TextNode, type TextTree } from './text-tree';

/**
 * A page's texts as content: a tree whose leaves are { lt, en } texts and whose lists can
 * grow, shrink and be reordered (FAQ entries, rules, steps…). Its schema is read off the
 * page's first content (content/initial/<id>.json): the organisers edit the values and the
 * lists' entries, the page decides where each text goes.
 */

/** "nextYear" → "Next year": the label of a key the content pack has no label for. */
const humanize = (key: string) =>
  key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function label(key: string): Pick<FieldMeta, 'label' | 'name'> {
  return { label: `content:keys.${key}`, name: humanize(key) };
}

/**
 * Fields the page names: values other than texts (a year, a map link, a photo, a number of
 * minutes), written in the page's first content as plain values ({ mapLink: link(…) }), and
 * texts that are not required ({ alt: localized({ optional: true }) }). A name is a key
 * ('mapLink': every "mapLink" in the tree) or the end of a path of keys, in which a list's
 * entries sit under the list's own key and '*' stands for any key: 'recipes.rating' is each
 * recipe's rating and not the page's "rating" text; 'showcases.*.phone' each showcase's phone.
 * The longest name that fits wins.
 */
export type PlainFields = Record<string, (meta: Pick<FieldMeta, 'label' | 'name'>) => z.ZodType>;

/**
 * A rule across the fields of one group (a minimum not above its maximum…): it applies to
 * every group of the tree that has all of `fields`, as soon as those fields are valid (even
 * while a text is still missing), and its message (a key of the `content` pack) shows at the
 * field `at`.
 */
export interface GroupCheck {
  fields: readonly string[];
  ok: (values: Record<string, unknown>) => boolean;
  at: string;
  message: string;
}

/**
 * The check that `high` is not below `low` (`strict`: is above it), shown at `high`; an
 * empty `high` (null: an amount left open) is fine.
 */
export function inOrder(low: string, high: string, message: string, { strict = false } = {}): GroupCheck {
  return {
    fields: [low, high],
    at: high,
    message,
    ok: (values) => {
      const [a, b] = [values[low], values[high]];
      return b === null || (strict ? Number(a) < Number(b) : Number(a) <= Number(b));
    },
  };
}

function namedField(path: readonly string[], fields: PlainFields) {
  let best: { length: number; field: PlainFields[string] } | undefined;
  for (const [name, field] of Object.entries(fields)) {
    const parts = name.split('.');
    const tail = path.slice(-parts.length);
    const fits = tail.length === parts.length && parts.every((part, i) => part === '*' || part === tail[i]);
    if (fits && (!best || parts.length > best.length)) best = { length: parts.length, field };
  }
  return best?.field;
}

/** Whether the issues found so far leave `fields` (of the object or entries being checked) valid. */
const validAt = (issues: readonly { path?: PropertyKey[] }[], depth: number, fields: readonly string[]) =>
  !issues.some((issue) => fields.includes(String(issue.path?.[depth])));

interface Shaping {
  fields: PlainFields;
  checks: readonly GroupCheck[];
}

function schemaOf(sample: TextNode, path: readonly string[], shaping: Shaping): z.ZodType {
  const key = path.at(-1)!;
  const named = namedField(path, shaping.fields);
  if (named) return named(label(key));
  if (typeof sample !== 'object' || sample === null)
    throw new Error(`Page texts: "${path.join('.')}" is not a { lt, en } text; name its field`);
  if (isLocalizedText(sample)) {
    const long = sample.lt.length > 90 || sample.en.length > 90 || sample.lt.includes('\n');
    const field = localized({ ...label(key), multiline: long, max: 5000 });
    return field.meta({ ...field.meta(), name: humanize(key) });
  }
  if (Array.isArray(sample)) {
    const first = sample[0];
    if (first === undefined)
      throw new Error(`Page texts: the list "${path.join('.')}" needs one entry to show its shape`);
    // An entry sits under its list's key: 'years' → each year is 'years'.
    const item = schemaOf(first, path, shaping);
    // An entry's title in the editor: its first plain value (a year; not a photo's id),
    // else its first text.
    const shape = item instanceof z.ZodObject ? (item.shape as Record<string, z.ZodType>) : {};
    const kinds = Object.entries(shape).map(([k, field]) => [k, fieldMeta(field)?.kind] as const);
    const itemTitle =
      kinds.find(([, kind]) => kind === 'text')?.[0] ?? kinds.find(([, kind]) => kind === 'localized')?.[0];
    const list = z.array(item).max(200, 'content:errors.tooMany');
    // Entries with an `id` (a recipe's anchor) must differ in it.
    const keyed =
      'id' in shape
        ? list.refine(
            (entries) =>
              new Set(entries.map((entry) => (entry as { id: unknown }).id)).size === entries.length,
            { message: 'content:errors.duplicate', when: ({ issues }) => validAt(issues, 1, ['id']) },
          )
        : list;
    return keyed.meta({ kind: 'list', ...label(key), itemTitle });
  }
  const shape = Object.fromEntries(
    Object.entries(sample).map(([k, v]) => [k, schemaOf(v, [...path, k], shaping)]),
  );
  const group = shaping.checks
    .filter((check) => check.fields.every((field) => field in shape))
    .reduce<z.ZodType>(
      (schema, check) =>
        schema.refine((values) => check.ok(values as Record<string, unknown>), {
          message: check.message,
          path: [check.at],
          when: ({ issues }) => validAt(issues, 0, check.fields),
        }),
      z.strictObject(shape),
    );
  return group.meta({ kind: 'group', ...label(key) });
}

/** A text as an earlier release's first content wrote it, and as this release's writes it. */
export type TextReplacement = readonly [from: LocalizedText, to: LocalizedText];

/**
 * An upgrade (ContentType.upgrades) that puts this release's wording where a document still
 * holds an earlier release's word for word, each language on its own: a text an organiser
 * has changed stays as they wrote it.
 */
export function replaceUnchangedTexts(replacements: readonly TextReplacement[]) {
  const walk = (node: unknown): unknown => {
    if (isLocalizedText(node)) {
      let text: LocalizedText = node;
      for (const [from, to] of replacements)
        for (const language of ['lt', 'en'] as const)
          if (node[language] === from[language]) text = { ...text, [language]: to[language] };
      return text;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
    return node;
  };
  return walk;
}

/** The content type of a page's texts, shaped like its first content. */
export function definePageTexts<T extends TextTree>(
  id: string,
  initial: T,
  pages: readonly string[],
  fields: PlainFields = {},
  checks: readonly GroupCheck[] = [],
  upgrades?: ContentType['upgrades'],
): ContentType<z.ZodType<T>> {
  const schema = z.strictObject(
    Object.fromEntries(
      Object.entries(initial).map(([key, value]) => [key, schemaOf(value, [key], { fields, checks })]),
    ),
  ) as unknown as z.ZodType<T>;
  return defineContentType({ id, label: `content:types.${id}`, schema, pages, upgrades, placeholders: true });
}
