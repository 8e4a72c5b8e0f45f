import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '~/platform/http/app-context.server';
import type { Endpoint } from '~/platform/http/api';
import { validationError } from '~/platform/http/errors.server';
import { looksLikeSpam, type FormMeta } from './schema';
import type { Database } from '~/platform/db/schema';
import type { MailDraft } from '~/platform/mail/form-mails.server';
import { enqueueMail } from '~/platform/mail/outbox.server';

/**
 * The shared path of every public form endpoint: rate limit, payload limit, spam check,
 * validation with the form's own zod schema, then the record and its e-mails in ONE
 * transaction, then the mail worker is woken.
 */

/** Per IP and per endpoint: generous for a family registering several people, hard on scripts. */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

/** A form is a few kilobytes at most; the longest free-text fields stay far below this. */
export const FORM_BODY_LIMIT = 32 * 1024;

export interface SavedForm {
  id: string;
  mails: MailDraft[];
}

export interface FormEndpoint<Schema extends z.ZodType<FormMeta>> {
  /** Where the form posts (the feature's api.ts). */
  endpoint: Endpoint<string>;
  /** The table the record goes to (also the outbox rows' `related_table`). */
  table: keyof Database;
  schema: Schema;
  /** Writes the record inside `trx` and returns its id and the e-mails to queue with it. */
  save: (trx: Transaction<Database>, data: z.output<Schema>, ctx: AppContext) => Promise<SavedForm>;
}

export function registerFormEndpoint<Schema extends z.ZodType<FormMeta>>(
  app: FastifyInstance,
  endpoint: FormEndpoint<Schema>,
) {
  app.post(
    endpoint.endpoint.path,
    { bodyLimit: FORM_BODY_LIMIT, config: { rateLimit: FORM_RATE_LIMIT } },
    async (request, reply) => {
      if (looksLikeSpam(request.body)) {
        // Same answer as a real success, so a bot learns nothing; nothing is stored.
        request.log.info({ form: endpoint.table }, 'form submission dropped as spam');
        return reply.code(201).send({ ok: true });
      }
      const parsed = endpoint.schema.safeParse(request.body);
      if (!parsed.success) throw validationError(parsed.error);
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

/** A Fastify plugin serving one form endpoint (errors: the app's one handler, ApiErrorBody). */
export function formPlugin<Schema extends z.ZodType<FormMeta>>(endpoint: FormEndpoint<Schema>) {
  return async function formRoutes(app: FastifyInstance) {
    registerFormEndpoint(app, endpoint);
  };
}
