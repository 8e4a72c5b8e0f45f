import { parseWithZod } from '@conform-to/zod/v4';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_MESSAGES } from '~/platform/http/api';
import { errorAnswer, HttpError, toFieldErrors } from '~/platform/http/errors.server';
import { requestLanguage } from '~/platform/http/static-files.server';
import type { Language } from '~/platform/i18n/languages';
import type { FormOutcome, SubmittedValues } from './outcome';
import { HONEYPOT_FIELD, looksLikeSpam } from './schema';

/**
 * Forms that work without JavaScript (decision 0030). Every form is a
 * `<form method="post">` on its page; with scripts the page sends JSON to the API and this
 * is never used. Without them (scripts off, or not loaded on a weak signal) the browser
 * posts the form to the page's own address, and this answers like the API would, in HTML:
 * the same zod schema (conform coerces the posted text into the schema's types), the same
 * storing, then a redirect to the next page or the page rendered again with the errors and
 * the values kept, or with its success notice.
 */

export type PageFormNext = { redirect: string } | 'sent';

export interface PageForm<Schema extends z.ZodType> {
  /** Which form on the page (its `useFormOutcome` name). */
  form: string;
  /** The page's route path: PATHS.registration, or one with a parameter. */
  page: string;
  /** The API's own schema (fields and request metadata); `language` is the page's. */
  schema: Schema;
  rateLimit: { max: number; timeWindow: number | string; groupId?: string };
  bodyLimit: number;
  /** Stores a valid submission and says what comes next. */
  accept(data: z.output<Schema>, request: FastifyRequest, language: Language): Promise<PageFormNext>;
  /** The answer to a bot (a filled honeypot): the same as a success; nothing is stored. Forms without a honeypot leave it out. */
  spamAnswer?: (language: Language) => PageFormNext;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The posted fields as name → text, or a list for a name posted more than once. */
function postedValues(body: string): SubmittedValues {
  const values: SubmittedValues = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const before = values[name];
    values[name] = before === undefined ? value : [before, value].flat();
  }
  return values;
}

/** What the page shows again: everything the visitor typed, not the bot trap or our own fields. */
function kept(values: SubmittedValues): SubmittedValues {
  const { [HONEYPOT_FIELD]: _trap, language: _language, ...rest } = values;
  return rest;
}

const isPosted = (body: unknown): body is SubmittedValues =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

async function answerWithPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  outcome: FormOutcome,
) {
  const pathname = request.url.split('?')[0] ?? '/';
  const language = requestLanguage(request.url, request.headers.cookie);
  const page = await app.site!.renderLive(pathname, language, outcome);
  // A page whose route answers 404 (an unknown product) keeps that status.
  return reply
    .code(page.status === 200 ? status : page.status)
    .headers(page.headers)
    .send(page.html);
}

/** The next page: a redirect (303, so a reload does not post again) or this page with its notice. */
function sendNext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: string,
  next: PageFormNext,
) {
  if (next === 'sent') return answerWithPage(app, request, reply, 200, { form, status: 'sent' });
  return reply.code(303).header('location', next.redirect).header('cache-control', 'no-store').send();
}

export async function registerPageForm<Schema extends z.ZodType>(
  app: FastifyInstance,
  form: PageForm<Schema>,
) {
  // No build, no pages: the API alone is served.
  if (!app.site) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM_CONTENT_TYPE,
      { parseAs: 'string', bodyLimit: form.bodyLimit },
      (_request, body, done) => done(null, postedValues(body as string)),
    );

    // Too many posts, a body too large, the database away, a product no longer sold: the
    // page again with the reason, in the visitor's language, and what they typed.
    scope.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
      const values = isPosted(request.body) ? kept(request.body) : {};
      const outcome: FormOutcome = body.fields
        ? { form: form.form, status: 'invalid', values, errors: body.fields }
        : { form: form.form, status: 'rejected', values, message: body.message ?? API_MESSAGES.badRequest };
      return answerWithPage(app, request, reply, status, outcome);
    });

    scope.post(
      form.page,
      { bodyLimit: form.bodyLimit, config: { rateLimit: form.rateLimit } },
      async (request, reply) => {
        if (!request.headers['content-type']?.startsWith(FORM_CONTENT_TYPE) || !isPosted(request.body)) {
          throw new HttpError(415, 'unsupported_media_type', { message: API_MESSAGES.badRequest });
        }
        const posted = request.body;
        const language = requestLanguage(request.url, request.headers.cookie);
        if (form.spamAnswer && looksLikeSpam(posted)) {
          request.log.info({ form: form.form }, 'form submission dropped as spam');
          return sendNext(app, request, reply, form.form, form.spamAnswer(language));
        }
        const fields = new URLSearchParams();
        for (const [name, value] of Object.entries(posted)) {
          for (const item of [value].flat()) fields.append(name, item);
        }
        fields.set('language', language);
        const submission = parseWithZod(fields, {
          schema: form.schema,
          formatError: (issues: readonly z.core.$ZodIssue[]) => issues,
        });
        if (submission.status !== 'success') {
          const issues = Object.values(submission.error ?? {}).flatMap((list) => list ?? []);
          return answerWithPage(app, request, reply, 400, {
            form: form.form,
            status: 'invalid',
            values: kept(posted),
            errors: toFieldErrors(issues),
          });
        }
        const next = await form.accept(submission.value as z.output<Schema>, request, language);
        return sendNext(app, request, reply, form.form, next);
      },
    );
  });
}

/** An internal page in the visitor's language (the address alone would fall back to the cookie). */
export const inLanguage = (path: string, language: Language) =>
  language === 'en' ? `${path}?lang=en` : path;
