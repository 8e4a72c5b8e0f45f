import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { FORM_ERRORS, looksLikeSpam, toFieldErrors, type FormMeta } from './schema';
import type { AppContext } from '~/app/app.server';
import type { Database } from '~/platform/db/schema';
import { enqueueMail, type OutgoingMail } from '~/platform/mail/outbox.server';

/**
 * The shared path of every public form endpoint: rate limit, payload limit, spam check,
 * validation with the form's own zod schema, then the record and its e-mails in ONE
 * transaction, then the mail worker is woken.
 */

/** Per IP and per endpoint: generous for a family registering several people, hard on scripts. */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

/** A form is a few kilobytes at most; the longest free-text fields stay far below this. */
export const FORM_BODY_LIMIT = 32 * 1024;

export type MailDraft = Omit<OutgoingMail, 'related'>;

export interface SavedForm {
  id: string;
  mails: MailDraft[];
}

export interface FormEndpoint<Schema extends z.ZodType<FormMeta>> {
  /** Route path below the /api prefix, e.g. '/registrations'. */
  url: string;
  /** The table the record goes to (also the outbox rows' `related_table`). */
  table: keyof Database;
  schema: Schema;
  /** Writes the record inside `trx` and returns its id and the e-mails to queue with it. */
  save: (trx: Transaction<Database>, data: z.output<Schema>, ctx: AppContext) => Promise<SavedForm>;
}

export interface FormErrorBody {
  error: 'validation' | 'rate_limited' | 'payload_too_large' | 'bad_request' | 'internal_error';
  /** Translation key of the overall message. */
  message: string;
  fields?: Array<{ field: string; message: string }>;
}

/**
 * Error handler for the form plugins' scope: whatever a client sends (malformed JSON, wrong
 * content type, oversize body, too many requests) is answered with a 4xx and a translation
 * key; only our own failures are 5xx.
 */
export function formErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  let body: FormErrorBody;
  if (status >= 500) {
    request.log.error({ err: error }, 'form submission failed');
    return reply
      .code(500)
      .send({ error: 'internal_error', message: 'forms:errors.server' } satisfies FormErrorBody);
  }
  if (status === 429) body = { error: 'rate_limited', message: FORM_ERRORS.rateLimited };
  else if (status === 413) body = { error: 'payload_too_large', message: FORM_ERRORS.tooLarge };
  else body = { error: 'bad_request', message: FORM_ERRORS.badRequest };
  return reply.code(status >= 400 ? status : 400).send(body);
}

function rateLimitError(_request: FastifyRequest, context: { statusCode: number }) {
  return Object.assign(new Error('Too many form submissions'), {
    statusCode: context.statusCode,
    code: 'FORM_RATE_LIMITED',
  });
}

export function registerFormEndpoint<Schema extends z.ZodType<FormMeta>>(
  app: FastifyInstance,
  endpoint: FormEndpoint<Schema>,
) {
  app.post(
    endpoint.url,
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: { ...FORM_RATE_LIMIT, errorResponseBuilder: rateLimitError } },
    },
    async (request, reply) => {
      if (looksLikeSpam(request.body)) {
        // Same answer as a real success, so a bot learns nothing; nothing is stored.
        request.log.info({ form: endpoint.table }, 'form submission dropped as spam');
        return reply.code(201).send({ ok: true });
      }
      const parsed = endpoint.schema.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(400).send({
          error: 'validation',
          message: 'forms:errors.summary',
          fields: toFieldErrors(parsed.error.issues),
        } satisfies FormErrorBody);
      }
      const { ctx } = app;
      const id = await ctx.database.db.transaction().execute(async (trx) => {
        const saved = await endpoint.save(trx, parsed.data, ctx);
        for (const mail of saved.mails) {
          await enqueueMail(trx, { ...mail, related: { table: endpoint.table, id: saved.id } });
        }
        return saved.id;
      });
      request.log.info({ form: endpoint.table, id }, 'form submission stored');
      ctx.mailWorker.wake();
      return reply.code(201).send({ ok: true });
    },
  );
}

/** A Fastify plugin serving one form endpoint with the forms' error handling. */
export function formPlugin<Schema extends z.ZodType<FormMeta>>(endpoint: FormEndpoint<Schema>) {
  return async function formRoutes(app: FastifyInstance) {
    app.setErrorHandler(formErrorHandler);
    registerFormEndpoint(app, endpoint);
  };
}
