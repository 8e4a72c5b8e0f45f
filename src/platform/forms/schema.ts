import { z } from 'zod';
import { API_MESSAGES } from '~/platform/http/api';
import { LANGUAGES } from '~/platform/i18n/languages';
import {
  DIRECTION_CONTROLS,
  withoutControlCharacters,
  withoutInvisibleCharacters,
} from '~/platform/http/control-characters';
import { HONEYPOT_FIELD } from './outcome';

/**
 * Building blocks for the public forms' zod schemas. Every message is a translation key
 * (`namespace:key`), so the browser shows it in the visitor's language and the API can send
 * the very same keys back in its 400 answer.
 */

const FORM_ERRORS = {
  tooLong: 'forms:validation.tooLong',
  directionControls: 'forms:validation.directionControls',
  unknownFields: API_MESSAGES.unknownFields,
  badRequest: API_MESSAGES.badRequest,
} as const;

// Control characters other than tab and line breaks have no place in a form: the browser
// drops what was pasted; the server refuses them on every endpoint before this schema runs.
const withoutControls = withoutControlCharacters;

/** A strict object: an unknown field is an error, never silently dropped. */
export function formObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? FORM_ERRORS.unknownFields : FORM_ERRORS.badRequest,
  });
}

/**
 * Every free text the public sends us (names, notes, needs, messages, addresses), trimmed:
 * control characters dropped (the server has refused them already); a direction control that
 * would reorder the text (U+202E "right-to-left override" and the other embeddings, overrides
 * and isolates) refused with a field error, since the name would read otherwise in the admin's
 * lists, the CSV and the check-in screen (issue 42, item 5); the other invisible format
 * characters (zero-width spaces, direction marks, soft hyphens…) dropped silently, as nothing
 * a reader sees changes, except a zero-width joiner inside an emoji and a flag's tags.
 */
export function freeText(error: string) {
  return z
    .string({ error })
    .overwrite(withoutControls)
    .refine((value) => !DIRECTION_CONTROLS.test(value), FORM_ERRORS.directionControls)
    .overwrite(withoutInvisibleCharacters)
    .trim();
}

/** Required text of `min`..`max` characters; `singleLine` folds newlines and runs of spaces. */
export function requiredText(
  key: string,
  { min, max, singleLine = true }: { min: number; max: number; singleLine?: boolean },
) {
  const text = freeText(key).min(min, key).max(max, FORM_ERRORS.tooLong);
  return singleLine ? text.transform((value) => value.replace(/\s+/g, ' ')) : text;
}

/** Optional free text: empty means "not given" (stored as NULL). */
export function optionalText(max: number, { singleLine = false }: { singleLine?: boolean } = {}) {
  return freeText(FORM_ERRORS.badRequest)
    .max(max, FORM_ERRORS.tooLong)
    .optional()
    .transform((value) => {
      if (!value) return undefined;
      return singleLine ? value.replace(/\s+/g, ' ') : value;
    });
}

export function emailField(key: string) {
  return z
    .string({ error: key })
    .trim()
    .max(254, key)
    .pipe(z.email({ error: key }));
}

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

/** Phone: at least 5 characters, digits and the usual separators only. */
export function phoneField(minKey: string, invalidKey: string) {
  return z
    .string({ error: minKey })
    .trim()
    .min(5, minKey)
    .max(30, invalidKey)
    .regex(PHONE_PATTERN, invalidKey)
    .transform((value) => value.replace(/\s+/g, ' '));
}

/** Optional phone: empty is fine, anything else must look like a phone number. */
export function optionalPhoneField(invalidKey: string) {
  return z
    .string({ error: invalidKey })
    .trim()
    .max(30, invalidKey)
    .refine((value) => value === '' || (value.length >= 5 && PHONE_PATTERN.test(value)), invalidKey)
    .optional()
    .transform((value) => (value ? value.replace(/\s+/g, ' ') : undefined));
}

/** A set of choices from `values`: at least one, each at most once. */
export function choiceList<const T extends readonly [string, ...string[]]>(values: T, key: string) {
  return z
    .array(z.enum(values, { error: key }), { error: key })
    .min(1, key)
    .max(values.length * 2, key)
    .transform((list) => [...new Set(list)]);
}

/**
 * What every form request carries besides its fields: the visitor's language (their
 * e-mails are written in it), the honeypot and how long the form was on screen.
 */
const formMetaShape = {
  language: z.enum(LANGUAGES, { error: FORM_ERRORS.badRequest }),
  [HONEYPOT_FIELD]: z.string({ error: FORM_ERRORS.badRequest }).max(2_000, FORM_ERRORS.badRequest).optional(),
  // Optional: a form posted without scripts cannot measure it (action.server.ts).
  elapsedMs: z
    .number({ error: FORM_ERRORS.badRequest })
    .int(FORM_ERRORS.badRequest)
    .min(0, FORM_ERRORS.badRequest)
    .optional(),
};

export type FormMeta = {
  language: (typeof LANGUAGES)[number];
  homepage?: string;
  elapsedMs?: number;
};

/** The API's schema for a form: its fields plus the request metadata, still strict. */
export function withFormMeta<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape, z.core.$strict>) {
  return fields.extend(formMetaShape);
}

/**
 * Spam signals, checked before validation: a filled honeypot or a form sent faster than a
 * person can fill it (sooner than `minFillMs` after it appeared on screen: the configured
 * FORM_MIN_FILL_MS). Such requests get the normal success answer and nothing is stored.
 */
export function looksLikeSpam(body: unknown, minFillMs: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return true;
  const elapsed = record.elapsedMs;
  return typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed < minFillMs;
}
