import { createContext } from 'react-router';
import type { FieldError } from '~/platform/http/api';

/**
 * What became of a form posted without scripts (decision 0030): the server validated and
 * stored it, then rendered the page again with this in the router context. The form shows
 * the errors with the values kept, or its success notice. `null` on every page served from
 * memory: those are the same for everyone.
 */
export type FormOutcome =
  | { form: string; status: 'invalid'; values: SubmittedValues; errors: FieldError[] }
  | { form: string; status: 'rejected'; values: SubmittedValues; message: string }
  | { form: string; status: 'sent' };

/** The fields as the browser posted them: text, or a list for repeated names (checkbox groups). */
export type SubmittedValues = Record<string, string | string[]>;

/** The router context key the renderer sets for a page rendered after a post. */
export const formOutcomeContext = createContext<FormOutcome | null>(null);

type Shape = Record<string, unknown>;

/**
 * The posted values in the form's own shape, for its default values: `empty` (the form's
 * blank values) says which fields are numbers, ticks, lists or nested groups, because a
 * posted form is text only ("2", "on", a lone value for a one-item list).
 */
export function refill<T extends object>(empty: T, posted: SubmittedValues, prefix = ''): T {
  const blanks = empty as Shape;
  const result: Shape = { ...blanks };
  const keys = new Set([
    ...Object.keys(blanks),
    ...Object.keys(posted)
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length).split('.')[0]!),
  ]);
  for (const key of keys) {
    const blank = blanks[key];
    const value = posted[`${prefix}${key}`];
    if (blank !== null && typeof blank === 'object' && !Array.isArray(blank)) {
      result[key] = refill(blank as Shape, posted, `${prefix}${key}.`);
    } else if (Array.isArray(blank)) {
      result[key] = value === undefined ? [] : [value].flat();
    } else if (typeof blank === 'boolean') {
      result[key] = value !== undefined && value !== '';
    } else if (typeof blank === 'number') {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      result[key] = Number.isFinite(number) ? number : (value ?? blank);
    } else if (value !== undefined) {
      result[key] = Array.isArray(value) ? value[0] : value;
    }
  }
  return result as T;
}

/** The outcome's field errors as react-hook-form's `errors` (nested by the dotted field path). */
export function outcomeErrors(outcome: FormOutcome | null): Record<string, unknown> | undefined {
  if (outcome?.status !== 'invalid') return undefined;
  const errors: Record<string, unknown> = {};
  for (const { field, message } of outcome.errors) {
    if (field === '') continue;
    const path = field.split('.');
    let at = errors;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = { type: 'server', message };
  }
  return errors;
}
