import { z } from 'zod';
import { type ContentType, defineContentType } from './content-type';
import { type FieldMeta, fieldMeta, localized } from './fields';
import { isLocalizedText, type TextNode, type TextTree } from './text-tree';

/**
 * A page's texts as content: a tree whose leaves are { lt, en } texts and whose lists can
 * grow, shrink and be reordered (FAQ entries, rules, steps…). Its schema is read off the
 * page's first content (content/initial/<id>.json): the organisers edit the values and the
 * lists' entries, the page decides where each text goes.
 */

/** "nextYear" → "Next year": the label of a key the content pack has no label for. */
export const humanize = (key: string) =>
  key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function label(key: string): Pick<FieldMeta, 'label' | 'name'> {
  return { label: `content:keys.${key}`, name: humanize(key) };
}

/**
 * Fields the page names by key, or by place where a key is common ('venue.text'; a list's
 * entries share their list's place): values other than texts (a year, a map link, a photo),
 * written in the page's first content as plain strings ({ mapLink: link(…) }), texts that
 * are not required ({ alt: localized({ optional: true }) }) and formatted texts
 * ({ 'venue.text': richText }).
 */
export type PlainFields = Record<string, (meta: Pick<FieldMeta, 'label' | 'name'>) => z.ZodType>;

function schemaOf(sample: TextNode | string, path: string, fields: PlainFields): z.ZodType {
  const key = path.slice(path.lastIndexOf('.') + 1);
  const named = fields[path] ?? fields[key];
  if (named) {
    const field = named(label(key));
    return field.meta({ ...fieldMeta(field)!, name: humanize(key) });
  }
  if (typeof sample === 'string')
    throw new Error(`Page texts: "${key}" is not a { lt, en } text; name its field`);
  if (isLocalizedText(sample)) {
    const long = sample.lt.length > 90 || sample.en.length > 90 || sample.lt.includes('\n');
    const field = localized({ ...label(key), multiline: long, max: 5000 });
    return field.meta({ ...field.meta(), name: humanize(key) });
  }
  if (Array.isArray(sample)) {
    const first = sample[0];
    if (first === undefined)
      throw new Error(`Page texts: the list "${key}" needs one entry to show its shape`);
    const item = schemaOf(first, path, fields);
    // An entry's title in the editor: its first plain value (a year; not a photo's id),
    // else its first text.
    const shape = item instanceof z.ZodObject ? (item.shape as Record<string, z.ZodType>) : {};
    const kinds = Object.entries(shape).map(([k, field]) => [k, fieldMeta(field)?.kind] as const);
    const itemTitle =
      kinds.find(([, kind]) => kind === 'text')?.[0] ?? kinds.find(([, kind]) => kind === 'localized')?.[0];
    return z
      .array(item)
      .max(200, 'content:errors.tooMany')
      .meta({ kind: 'list', ...label(key), itemTitle });
  }
  const shape = Object.fromEntries(
    Object.entries(sample).map(([k, v]) => [k, schemaOf(v as TextNode | string, `${path}.${k}`, fields)]),
  );
  return z.strictObject(shape).meta({ kind: 'group', ...label(key) });
}

/** The content type of a page's texts, shaped like its first content. */
export function definePageTexts<T extends TextTree>(
  id: string,
  initial: T,
  pages: readonly string[],
  fields: PlainFields = {},
): ContentType<z.ZodType<T>> {
  const schema = z.strictObject(
    Object.fromEntries(
      Object.entries(initial).map(([key, value]) => [key, schemaOf(value as TextNode, key, fields)]),
    ),
  ) as unknown as z.ZodType<T>;
  return defineContentType({ id, label: `content:types.${id}`, schema, pages });
}
