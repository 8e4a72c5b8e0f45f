import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerPagePost } from './page-post.server';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '~/platform/http/app-context.server';
import type { Endpoint } from '~/platform/http/api';
import { validationError } from '~/platform/http/errors.server';
import { looksLikeSpam, type FormMeta } from './schema';
import type { Database } from '~/platform/db/schema';
import type { MailDraft } from '~/platform/mail/form-mails.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import type { PersonalTable } from '~/platform/privacy/personal-data.server';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';

/**
 * The shared path of every public form endpoint: rate limit, payload limit, spam check,
 * validation with the form's own zod schema, then the record and its e-mails in ONE
 * transaction (the visitor's automatic reply only while under the daily limit for that
 * address), then the mail worker is woken.
 */

/** Per IP and per endpoint: generous for a family registering several people, hard on scripts. */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

/**
 * Automatic replies to one address in 24 hours, over all the forms: a person sending a form
 * or two gets their acknowledgements; a script typing a stranger's address cannot flood them.
 */
export const AUTO_REPLY_DAILY_LIMIT = 3;

/**
 * Whether another automatic reply may go to `to` today. Serialised per address (advisory
 * lock, released with the transaction), so parallel submissions cannot all slip under it.
 */
async function autoReplyAllowed(trx: Transaction<Database>, to: string): Promise<boolean> {
  const address = to.trim().toLowerCase();
  await sql`select pg_advisory_xact_lock(hashtext(${`auto-reply:${address}`}))`.execute(trx);
  const { sent } = await trx
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('auto_reply', '=', true)
    .where(sql<string>`lower(to_address)`, '=', address)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(sent) < AUTO_REPLY_DAILY_LIMIT;
}

/** A form is a few kilobytes at most; the longest free-text fields stay far below this. */
const FORM_BODY_LIMIT = 32 * 1024;

interface SavedForm {
  id: string;
  mails: MailDraft[];
  /** What the JSON answer adds to `ok` (a registration's place on the waiting list). */
  answer?: Record<string, unknown>;
  /** Where the page's post goes on to instead of the form's own next page. */
  next?: string;
}

export interface FormEndpoint<Schema extends z.ZodType<FormMeta>> {
  /** Where the form posts (the feature's api.ts). */
  endpoint: Endpoint<string>;
  /** The table the record goes to (also the outbox rows' `related_table`). */
  table: keyof Database;
  schema: Schema;
  /**
   * Writes the record inside `trx` and returns its id and the e-mails to queue with it.
   * `manageUrl`: the private self-service link for the sender's confirmation (when `selfService`).
   */
  save: (
    trx: Transaction<Database>,
    data: z.output<Schema>,
    ctx: AppContext,
    links: { manageUrl?: string },
  ) => Promise<SavedForm>;
  /** The sender gets a private link to see, correct or delete the record (platform/privacy). */
  selfService?: { table: PersonalTable; email: (data: z.output<Schema>) => string };
  /**
   * The page the form is on: its route action takes the form posted there, with scripts or
   * without (page-post.server.ts, action.server.ts), and stores it here.
   */
  page?: string;
}

/**
 * Stores one valid submission: the record, its self-service link and its e-mails in one
 * transaction, then wakes the mail worker. The JSON API and the page's route action both
 * come here.
 */
async function storeSubmission<Schema extends z.ZodType<FormMeta>>(
  app: FastifyInstance,
  endpoint: FormEndpoint<Schema>,
  data: z.output<Schema>,
  log: FastifyBaseLogger,
): Promise<SavedForm> {
  const { ctx } = app;
  const saved = await ctx.database.db.transaction().execute(async (trx) => {
    const link = endpoint.selfService && newSelfServiceLink(ctx.config.PUBLIC_URL);
    const saved = await endpoint.save(trx, data, ctx, { manageUrl: link?.url });
    if (link && endpoint.selfService) {
      const record = { table: endpoint.selfService.table, id: saved.id, language: data.language };
      await storeSelfServiceLink(trx, link, { ...record, email: endpoint.selfService.email(data) });
    }
    for (const mail of saved.mails) {
      if (mail.autoReply && !(await autoReplyAllowed(trx, mail.to))) {
        // The record and the organisers' notice are stored; only the visitor's copy is not.
        log.warn({ form: endpoint.table }, 'automatic reply skipped: daily limit for this address');
        continue;
      }
      await enqueueMail(trx, { ...mail, related: { table: endpoint.table, id: saved.id } });
    }
    return saved;
  });
  log.info({ form: endpoint.table, id: saved.id }, 'form submission stored');
  ctx.mailWorker.wake();
  return saved;
}

async function registerFormEndpoint<Schema extends z.ZodType<FormMeta>>(
  app: FastifyInstance,
  endpoint: FormEndpoint<Schema>,
) {
  // One budget per form, whether it came as JSON or to its page's action.
  const rateLimit = { ...FORM_RATE_LIMIT, groupId: endpoint.table };
  app.post(
    endpoint.endpoint.path,
    { bodyLimit: FORM_BODY_LIMIT, config: { rateLimit } },
    async (request, reply) => {
      if (looksLikeSpam(request.body, app.ctx.config.FORM_MIN_FILL_MS)) {
        // Same answer as a real success, so a bot learns nothing; nothing is stored.
        request.log.info({ form: endpoint.table }, 'form submission dropped as spam');
        return reply.code(201).send({ ok: true });
      }
      const parsed = endpoint.schema.safeParse(request.body);
      if (!parsed.success) throw validationError(parsed.error);
      const saved = await storeSubmission(app, endpoint, parsed.data, request.log);
      return reply.code(201).send({ ok: true, ...saved.answer });
    },
  );
  if (endpoint.page) {
    await registerPagePost(app, {
      path: endpoint.page,
      withScripts: true,
      rateLimit,
      bodyLimit: FORM_BODY_LIMIT,
      store: async (data, request) => {
        // The action has parsed it with this very schema.
        const saved = await storeSubmission(app, endpoint, data as z.output<Schema>, request.log);
        return saved.next;
      },
    });
  }
}

/** A Fastify plugin serving one form endpoint (errors: the app's one handler, ApiErrorBody). */
export function formPlugin<Schema extends z.ZodType<FormMeta>>(endpoint: FormEndpoint<Schema>) {
  return async function formRoutes(app: FastifyInstance) {
    await registerFormEndpoint(app, endpoint);
  };
}
