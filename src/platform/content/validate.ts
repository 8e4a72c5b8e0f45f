import type { FieldError } from '~/platform/http/api';
import type { ContentType } from './content-type';
import { REQUIRED } from './fields';

export interface Validation {
  /** Problems that stop even a draft from being saved (a wrong date, a price ≤ 0…). */
  errors: FieldError[];
  /** Texts still missing (in either language): a draft may have them, a publish may not. */
  missing: FieldError[];
}

/**
 * Checks a document against its type: what blocks saving, and what blocks publishing.
 * The editor runs the same check as the API, so it can point at each field as you type.
 */
export function validateContent(type: ContentType, data: unknown): Validation {
  const result = type.schema.safeParse(data);
  if (result.success) return { errors: [], missing: [] };
  const errors: FieldError[] = [];
  const missing: FieldError[] = [];
  for (const issue of result.error.issues) {
    const entry = {
      field: issue.path.map(String).join('.'),
      message: /^[a-zA-Z]+:[\w.]+$/.test(issue.message) ? issue.message : 'content:errors.invalid',
    };
    (issue.message === REQUIRED ? missing : errors).push(entry);
  }
  return { errors, missing };
}
