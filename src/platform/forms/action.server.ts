import { data, redirect, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import type { FieldError } from '~/platform/http/api';
import { requestLanguage } from '~/platform/http/static-files.server';
import { isLanguage, type Language } from '~/platform/i18n/languages';
import {
  formServicesContext,
  HONEYPOT_FIELD,
  type FormAnswer,
  type Rejection,
  type SubmittedValues,
} from './outcome';
import { looksLikeSpam } from './schema';
import { parseForm, type FormReply } from './submission';

/**
 * The one server path of a public form (decision 0039): its page route's `action`, reached
 * by the browser's own post (no scripts; React Router renders the page with the answer) and
 * by the form's own submission (`<page>.data`, with scripts). Fastify has already applied the
 * form's rate limit, body limit and content type (page-post.server.ts); the store is the
 * feature's own, the very one its JSON API uses, handed over in the router context.
 */
export interface FormAction<Schema extends z.ZodType> {
  /** The form's API schema: its fields plus language, honeypot and fill time. */
  schema: Schema;
  /** Where a success goes on to (303), e.g. the success page; else the page with `sent`. */
  next?: (language: Language) => string;
}

/** The posted fields as name → text, or a list for a name posted more than once. */
export function postedValues(fields: Iterable<[string, FormDataEntryValue]>): SubmittedValues {
  const values: SubmittedValues = {};
  for (const [name, value] of fields) {
    if (typeof value !== 'string') continue;
    const before = values[name];
    values[name] = before === undefined ? value : [before, value].flat();
  }
  return values;
}

/** An internal page in the visitor's language (the address alone would fall back to the cookie). */
export const inLanguage = (path: string, language: Language) =>
  language === 'en' ? `${path}?lang=en` : path;

/** Ours, not the visitor's: never shown again (the bot trap, the language, the fill time). */
const OWN_FIELDS = [HONEYPOT_FIELD, 'language', 'elapsedMs'];

const rejected = (code: number, reply: FormReply, message: string, retryAfter?: number) =>
  data<FormAnswer>(
    { status: 'rejected', code, reply, message, ...(retryAfter ? { retryAfter } : {}) },
    { status: code, headers: retryAfter ? { 'retry-after': String(retryAfter) } : undefined },
  );

const invalid = (reply: FormReply) => data<FormAnswer>({ status: 'invalid', reply }, { status: 400 });

/** A store's field errors as conform's: by field, the form's own under ''. */
function fieldErrors(fields: FieldError[]) {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of fields) (errors[field] ??= []).push(message);
  const { '': formErrors, ...fieldErrors } = errors;
  return { formErrors: formErrors ?? [], fieldErrors };
}

export async function formAction<Schema extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  form: FormAction<Schema>,
) {
  const services = context.get(formServicesContext);
  // Only the server's page post (page-post.server.ts) sets the services.
  if (!services) throw data(null, { status: 405 });
  const fields = await request.formData().catch(() => new FormData());
  const posted = postedValues(fields);
  // With scripts the form says its language; without them the page's address (or cookie) does.
  const language = isLanguage(posted.language)
    ? posted.language
    : requestLanguage(request.url, request.headers.get('cookie') ?? undefined);
  fields.set('language', language);
  // conform reads the form with its schema: the values (shown again) and each field's errors.
  const submission = parseForm(fields, form.schema);
  const refuse = ({ status, message, fields, retryAfter }: Rejection) =>
    fields
      ? invalid(submission.reply({ ...fieldErrors(fields), hideFields: OWN_FIELDS }))
      : rejected(status, submission.reply({ hideFields: OWN_FIELDS }), message, retryAfter);
  if (services.rejection) return refuse(services.rejection);
  const success = (location?: string) => {
    const to = location ?? form.next?.(language);
    return to ? redirect(to, { status: 303 }) : data<FormAnswer>({ status: 'sent' });
  };
  const elapsed = Number(posted.elapsedMs);
  if (
    looksLikeSpam(
      {
        [HONEYPOT_FIELD]: posted[HONEYPOT_FIELD],
        elapsedMs: posted.elapsedMs === undefined ? undefined : elapsed,
      },
      services.minFillMs,
    )
  ) {
    // Same answer as a real success, so a bot learns nothing; nothing is stored.
    services.log.info({ path: new URL(request.url).pathname }, 'form submission dropped as spam');
    return form.next ? success() : data<FormAnswer>({ status: 'sent' });
  }
  if (submission.status !== 'success') return invalid(submission.reply({ hideFields: OWN_FIELDS }));
  // The registration window closed, a product no longer sold, the database away: the page
  // again with the reason and what was typed.
  const stored = await services.store(submission.value);
  if ('rejection' in stored) return refuse(stored.rejection);
  if ('result' in stored)
    return data<FormAnswer>({ status: 'answered', result: stored.result }, { status: stored.status ?? 200 });
  // A receipt cannot ride on a 303: the scripted form gets the address as data (an order's
  // dialog keeps the token for this browser's order list, then goes to the payment page).
  if (services.scripted && stored.next && stored.receipt) {
    return data<FormAnswer>({ status: 'next', location: stored.next, receipt: stored.receipt });
  }
  return success(stored.next);
}
