import type { z } from 'zod';
import { fieldMeta, type FieldMeta } from '~/platform/content/fields';

/**
 * Reading a content type's zod schema to draw its editor: what kind of field a schema is,
 * its parts (an object's fields, a list's item), and a new, empty value for it.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema (a content type's top level, or a group), in order. */
export function objectFields(schema: z.ZodType): Array<[string, z.ZodType]> {
  const def = defOf(schema);
  const shape = def.shape ?? (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape ? Object.entries(shape) : [];
}

export function listItem(schema: z.ZodType): z.ZodType {
  const element = defOf(schema).element;
  if (!element) throw new Error('not a list');
  return element;
}

/** The editor's kind of a schema: its own metadata, or what its type implies. */
export function kindOf(schema: z.ZodType): FieldMeta['kind'] {
  const meta = fieldMeta(schema);
  if (meta) return meta.kind;
  const type = defOf(schema).type;
  if (type === 'object') return 'group';
  if (type === 'array') return 'list';
  if (type === 'boolean') return 'boolean';
  if (type === 'number') return 'number';
  return 'text';
}

/** A new value of the right shape: empty texts, zero numbers, the first choice, no items. */
export function emptyValue(schema: z.ZodType): unknown {
  const meta = fieldMeta(schema);
  switch (kindOf(schema)) {
    case 'localized':
    case 'richText':
      return { lt: '', en: '' };
    case 'group':
      return Object.fromEntries(objectFields(schema).map(([key, field]) => [key, emptyValue(field)]));
    case 'list':
      return [];
    case 'boolean':
      return false;
    case 'money':
    case 'number':
      // An amount that may be left empty starts empty.
      return schema.safeParse(null).success ? null : 0;
    case 'choice':
      return meta?.options?.[0] ?? '';
    default:
      return '';
  }
}

/** A copy of `value` with `next` at `path`; the rest shared. */
export function setAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[key as number] = setAt(copy[key as number], rest, next);
    return copy;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [key!]: setAt(record[key as string], rest, next) };
}

export const pathKey = (path: readonly (string | number)[]) => path.join('.');
