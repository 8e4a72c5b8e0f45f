import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { API_MESSAGES } from '~/platform/http/api';
import { HttpError, notFound, parseInput, toFieldErrors } from '~/platform/http/errors.server';
import { sendJsonFile } from '~/platform/http/json-file.server';
import { formatDateTime } from '~/platform/i18n/format';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import { isLanguage } from '~/platform/i18n/languages';
import { afterAnswer } from '~/platform/http/after-answer.server';
import { registerPagePost } from '~/platform/forms/page-post.server';
import { registerPrivateLinkPage } from '~/platform/render/private-link-page.server';
import { PATHS } from '~/platform/paths';
import { erasurePace } from '~/platform/privacy/erasure-pace.server';
import {
  eraseRecords,
  findPersonalData,
  scrubAfterErasure,
  type PersonalDataSource,
} from '~/platform/privacy/personal-data.server';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import type { ServerFeature } from '~/platform/feature.server';
import {
  openSelfServiceLink,
  revokeSelfServiceLinks,
  type OpenLink,
} from '~/platform/privacy/self-service-links.server';
import { sendMyLinks } from './my-links.server';
import {
  INTENT_FIELD,
  isSelfServiceIntent,
  myLinksRequestSchema,
  SELF_SERVICE_ENDPOINTS,
  type SelfServiceAnswer,
  type SelfServiceIntent,
  type SelfServiceView,
} from './self-service';

type Row = Record<string, unknown>;

const LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;
/** "Send me my links" sends e-mail: a few asks per visitor address, like "e-mail me my orders". */
const LINKS_LIMIT = { max: 5, timeWindow: 15 * 60_000 } as const;
/**
 * The page's posts: one e-mail address ("send me my links") or a record's correction, whose
 * longest texts (notes, needs) and their escaping fit.
 */
const PAGE_BODY_LIMIT = 32 * 1024;
const linkQuery = z.object({ link: z.string().max(200), lang: z.string().max(5).optional() });

type AnyDb = Kysely<Record<string, Row>>;

async function recordOf(
  db: Kysely<Database> | Transaction<Database>,
  link: OpenLink,
): Promise<Row | undefined> {
  return (db as unknown as AnyDb)
    .selectFrom(link.table)
    .selectAll()
    .where('id', '=', link.id)
    .executeTakeFirst();
}

function view(source: SelfServiceSource, row: Row, language: string): SelfServiceView {
  const t = serverT(language);
  const cancelled = source.cancel ? row[source.cancel.column] === source.cancel.value : false;
  return {
    title: t(source.title),
    sentAt: formatDateTime(row.created_at as Date, language),
    fields: source.fields.map((field) => {
      const raw = field.column ? row[field.column] : undefined;
      const shown = field.display ? field.display(raw, t, row) : raw == null ? '' : String(raw);
      const options = field.edit?.options;
      return {
        name: field.name,
        label: t(field.label),
        value: shown,
        ...(field.edit?.kind === 'checkbox' ? { yesNo: true } : {}),
        ...(field.edit && !cancelled
          ? {
              editable: {
                kind: field.edit.kind,
                optional: field.edit.optional ?? false,
                ...(field.edit.hint ? { hint: t(field.edit.hint) } : {}),
                ...(field.edit.label ? { label: t(field.edit.label) } : {}),
                ...(options
                  ? {
                      options: options.map((value) => ({
                        value,
                        label: field.edit!.optionLabel?.(value, t) ?? value,
                      })),
                      chosen: [raw ?? []].flat().map(String),
                    }
                  : {}),
              },
            }
          : {}),
      };
    }),
    cancellable: Boolean(source.cancel) && !cancelled,
    cancelled,
    restorable: cancelled && Boolean(source.restore),
  };
}

/** The corrected values a source takes, field by field, with the form's cross-field rules. */
function correctionSchema(source: SelfServiceSource) {
  const editable = source.fields.filter((field) => field.edit);
  const fields = z.strictObject(
    Object.fromEntries(editable.map((field) => [field.name, field.edit!.schema])),
  );
  return source.rules ? fields.superRefine(source.rules) : fields;
}

/** The record's stored language (its e-mails are in it, whatever the page's), else the link's. */
const recordLanguage = (row: Row, link: OpenLink) =>
  isLanguage(row.language) ? row.language : link.language;

const cancelledAlready = (source: SelfServiceSource, row: Row) =>
  source.cancel ? row[source.cancel.column] === source.cancel.value : false;

/**
 * GET/PATCH/DELETE /api/my-data, POST …/cancel and …/revoke, GET …/export: every answer 404 for
 * a bad link. POST …/links: "send me my links", answered alike for every address.
 */
export function selfServiceRoutes(
  sources: readonly SelfServiceSource[],
  personal: readonly PersonalDataSource[],
  /** What "send me my links" also sends (ServerFeature.sendLinks: the shop's order-history link). */
  moreLinks: ReadonlyArray<NonNullable<ServerFeature['sendLinks']>> = [],
) {
  // Each record's kind in the audit log is named by the feature that owns its table.
  const audit = (trx: Kysely<Database> | Transaction<Database>, action: string, link: OpenLink) =>
    writeAudit(
      trx,
      { id: null, label: 'self-service' },
      {
        action,
        entity: personal.find((source) => source.table === link.table)?.auditEntity ?? link.table,
        entityId: link.id,
      },
    );

  return async function routes(app: FastifyInstance) {
    const { db } = app.ctx.database;
    const open = async (query: unknown) => {
      const { link, lang } = parseInput(linkQuery, query);
      const opened = await openSelfServiceLink(db, link);
      const source = opened && sources.find((candidate) => candidate.table === opened.table);
      if (!opened || !source) throw notFound();
      return { link: opened, source, language: toLanguage(lang ?? opened.language) };
    };
    const current = async (executor: Kysely<Database> | Transaction<Database>, link: OpenLink) => {
      const row = await recordOf(executor, link);
      if (!row) throw notFound();
      return row;
    };

    app.get(SELF_SERVICE_ENDPOINTS.record.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      return view(source, await current(db, link), language);
    });

    // A correction (the values already checked) and a cancellation, the same from the API and
    // from the page's post: written, audited and handed to the source's afterChange at once.
    const correct = async (link: OpenLink, source: SelfServiceSource, values: Row, language: string) =>
      db.transaction().execute(async (trx) => {
        const before = await current(trx, link);
        if (cancelledAlready(source, before))
          throw new HttpError(409, 'cancelled', { message: 'privacy:self.errors.cancelled' });
        const update: Row = {};
        for (const field of source.fields)
          if (field.edit && field.column) {
            const value = values[field.name];
            // A list (several choices) is stored as JSON, like the form stores it.
            update[field.column] = Array.isArray(value) ? JSON.stringify(value) : (value ?? null);
          }
        Object.assign(update, source.beforeSave?.(before, values, language));
        await (trx as unknown as AnyDb)
          .updateTable(link.table)
          .set(update)
          .where('id', '=', link.id)
          .execute();
        await audit(trx, 'privacy.self_service.corrected', link);
        const after = await current(trx, link);
        await source.afterChange?.(
          trx,
          { kind: 'edit', before, after, language: recordLanguage(after, link) },
          app.ctx,
        );
        return after;
      });
    const cancel = async (link: OpenLink, source: SelfServiceSource) => {
      const how = source.cancel;
      if (!how) throw notFound();
      return db.transaction().execute(async (trx) => {
        const before = await current(trx, link);
        // Cancelled already (a second click, a reload): nothing more happens, nobody is told twice.
        if (cancelledAlready(source, before)) return before;
        await (trx as unknown as AnyDb)
          .updateTable(link.table)
          .set({ [how.column]: how.value })
          .where('id', '=', link.id)
          .execute();
        await audit(trx, 'privacy.self_service.cancelled', link);
        const after = await current(trx, link);
        await source.afterChange?.(
          trx,
          { kind: 'cancel', before, after, language: recordLanguage(after, link) },
          app.ctx,
        );
        return after;
      });
    };

    // Undoing the person's own cancellation: the source says what to set back, or refuses
    // (its place went to another meanwhile); the same history and e-mail as a change.
    const restore = async (link: OpenLink, source: SelfServiceSource) => {
      if (!source.cancel || !source.restore) throw notFound();
      const { restore: undo } = source;
      return db.transaction().execute(async (trx) => {
        const before = await current(trx, link);
        // Not cancelled (a second click, a reload): nothing more happens.
        if (!cancelledAlready(source, before)) return before;
        await (trx as unknown as AnyDb)
          .updateTable(link.table)
          .set(await undo(trx, before, app.ctx))
          .where('id', '=', link.id)
          .execute();
        await audit(trx, 'privacy.self_service.restored', link);
        const after = await current(trx, link);
        await source.afterChange?.(
          trx,
          { kind: 'restore', before, after, language: recordLanguage(after, link) },
          app.ctx,
        );
        return after;
      });
    };
    const erase = async (link: OpenLink) => {
      const source = personal.find((candidate) => candidate.table === link.table);
      if (!source) throw notFound();
      // One at a time site-wide, at most a small share of the server's thread (issue 42).
      await erasurePace(app.ctx.database).run(() =>
        db.transaction().execute(async (trx) => {
          await eraseRecords(trx, source, [link.id]);
          await audit(trx, 'privacy.self_service.erased', link);
        }),
      );
      // Unreadable now; out of the database's files by the deferred scrub (decision 0032, addendum).
      await scrubAfterErasure(app.ctx.database);
    };
    const endLink = (link: OpenLink) =>
      db.transaction().execute(async (trx) => {
        await revokeSelfServiceLinks(trx, { table: link.table, id: link.id });
        await audit(trx, 'privacy.self_service.link_revoked', link);
      });

    app.patch(SELF_SERVICE_ENDPOINTS.record.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      // The body is the corrected values, field by field (errors name the field as the page does).
      const values = parseInput(correctionSchema(source), request.body) as Row;
      const row = await correct(link, source, values, language);
      app.ctx.mailWorker.wake();
      return view(source, row, language);
    });

    app.post(SELF_SERVICE_ENDPOINTS.cancel.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      const row = await cancel(link, source);
      app.ctx.mailWorker.wake();
      return view(source, row, language);
    });

    app.post(SELF_SERVICE_ENDPOINTS.restore.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      const row = await restore(link, source);
      app.ctx.mailWorker.wake();
      return view(source, row, language);
    });

    /**
     * The record's own posts on /mano-duomenys (no scripts needed): the answer the page
     * renders. Posted as text, so the correction is read the way the forms read theirs
     * (conform's coercion against the same schema); refused values come back with their errors.
     */
    const answerPost = async (
      intent: SelfServiceIntent,
      posted: Record<string, unknown>,
      query: unknown,
    ): Promise<{ answer: SelfServiceAnswer; status: number }> => {
      let opened: Awaited<ReturnType<typeof open>>;
      try {
        opened = await open(query);
      } catch (error) {
        // A link that does not work (or no link at all) says so; the database away is the post's refusal.
        if (error instanceof HttpError && error.statusCode < 500)
          return { answer: { gone: true }, status: 404 };
        throw error;
      }
      const { link, source, language } = opened;
      const shown = async (row?: Row) => view(source, row ?? (await current(db, link)), language);
      if (intent === 'open') return { answer: { view: await shown() }, status: 200 };
      if (intent === 'edit') {
        // A cancelled record has nothing left to correct: it is shown as it is.
        const record = await shown();
        return {
          answer: { view: record, editing: record.fields.some((field) => field.editable) },
          status: 200,
        };
      }
      if (intent === 'confirmCancel' || intent === 'confirmDelete')
        return {
          answer: { view: await shown(), confirm: intent === 'confirmCancel' ? 'cancel' : 'delete' },
          status: 200,
        };
      if (intent === 'cancel') {
        const row = await cancel(link, source);
        app.ctx.mailWorker.wake();
        return { answer: { view: await shown(row), done: 'cancelled' }, status: 200 };
      }
      if (intent === 'delete') {
        try {
          await erase(link);
        } catch (error) {
          // Too many erasures waiting (a flood): nothing erased, the page says to try again.
          if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
          return {
            answer: { view: await shown(), errors: [{ field: '', message: error.extra.message! }] },
            status: 429,
          };
        }
        return { answer: { deleted: true }, status: 200 };
      }
      if (intent === 'end') {
        await endLink(link);
        return { answer: { ended: true }, status: 200 };
      }
      if (intent === 'restore') {
        try {
          const row = await restore(link, source);
          app.ctx.mailWorker.wake();
          return { answer: { view: await shown(row), done: 'restored' }, status: 200 };
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          return {
            answer: {
              view: await shown(),
              errors: [{ field: '', message: error.extra.message ?? API_MESSAGES.badRequest }],
            },
            status: error.statusCode,
          };
        }
      }
      const text = new URLSearchParams();
      for (const [name, value] of Object.entries(posted))
        if (name !== INTENT_FIELD && name !== 'language')
          for (const item of [value ?? []].flat()) text.append(name, String(item));
      const submission = parseWithZod(text, {
        schema: correctionSchema(source),
        formatError: (issues: readonly z.core.$ZodIssue[]) => issues,
      });
      const values = Object.fromEntries(
        [...text.keys()].map((name) => [
          name,
          text.getAll(name).length > 1 ? text.getAll(name) : text.get(name)!,
        ]),
      );
      if (submission.status !== 'success') {
        const issues = Object.values(submission.error ?? {}).flatMap((list) => list ?? []);
        return {
          answer: { view: await shown(), editing: true, values, errors: toFieldErrors(issues) },
          status: 400,
        };
      }
      try {
        const row = await correct(link, source, submission.value as Row, language);
        app.ctx.mailWorker.wake();
        return { answer: { view: await shown(row), done: 'corrected' }, status: 200 };
      } catch (error) {
        // Cancelled meanwhile (409), the link ended meanwhile (404): the page with the reason.
        // Anything else (the database away) is the page post's own refusal.
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        const status = error.statusCode;
        const body = error.extra;
        return {
          answer: {
            view: await shown(),
            editing: status === 400,
            values,
            errors: body.fields ?? [{ field: '', message: body.message ?? API_MESSAGES.badRequest }],
          },
          status,
        };
      }
    };

    app.post(SELF_SERVICE_ENDPOINTS.revoke.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link } = await open(request.query);
      await endLink(link);
      return { ok: true };
    });

    app.get(SELF_SERVICE_ENDPOINTS.export.path, { config: { rateLimit: LIMIT } }, async (request, reply) => {
      const { link } = await open(request.query);
      const { tables } = await findPersonalData(db, personal, link.email.toLowerCase(), {
        organisers: false,
      });
      await audit(db, 'privacy.self_service.exported', link);
      const exportedAt = new Date();
      const file = {
        email: link.email,
        exportedAt: exportedAt.toISOString(),
        tables: Object.fromEntries(tables.map((t) => [t.table, t.rows])),
      };
      return sendJsonFile(reply, 'my-data', file, exportedAt);
    });

    // The answer is the same, and as quick, for an address with records and one without: the
    // lookup and the e-mail run after it (issue 31; the same as "e-mail me my orders").
    const later = afterAnswer(app);
    // One ask brings every link the address has: its records' and, e.g., its orders' (issue 44).
    const sendAllLinks = async (asked: z.output<typeof myLinksRequestSchema>) => {
      await sendMyLinks(app.ctx, sources, personal, asked);
      for (const send of moreLinks) await send(app.ctx, asked.email, asked.language);
    };
    const rateLimit = { ...LINKS_LIMIT, groupId: 'my-links' };
    // The page's posts about the record count apart from "send me my links" (its budget is the
    // API's, kept small because it sends e-mail), as many as the record's API allows.
    const intentOf = (request: FastifyRequest) =>
      (request.body as Record<string, unknown> | undefined)?.[INTENT_FIELD];
    const pageRateLimit = {
      ...rateLimit,
      max: (request: FastifyRequest) =>
        isSelfServiceIntent(intentOf(request)) ? LIMIT.max : LINKS_LIMIT.max,
      keyGenerator: (request: FastifyRequest) =>
        isSelfServiceIntent(intentOf(request)) ? `${request.ip}:record` : request.ip,
    };
    app.post(SELF_SERVICE_ENDPOINTS.links.path, { config: { rateLimit } }, async (request, reply) => {
      const asked = parseInput(myLinksRequestSchema, request.body);
      later(reply, request.log, 'self-service links not sent', () => sendAllLinks(asked));
      return { ok: true };
    });
    // The same as a form on /mano-duomenys (the privacy notice links to it), with or without
    // scripts: the page's route action, under the same budget; the work starts once it answered.
    await registerPagePost(app, {
      path: PATHS.myData,
      withScripts: true,
      rateLimit: pageRateLimit,
      bodyLimit: PAGE_BODY_LIMIT,
      store: async (data, request) => {
        const intent = (data as Record<string, unknown>)[INTENT_FIELD];
        if (isSelfServiceIntent(intent)) {
          const { answer, status } = await answerPost(intent, data as Record<string, unknown>, request.query);
          return { result: answer, status };
        }
        const asked = data as z.output<typeof myLinksRequestSchema>;
        setImmediate(() => later.run(request.log, 'self-service links not sent', () => sendAllLinks(asked)));
        return undefined;
      },
    });

    // /mano-duomenys?link=… drawn by the server (issue 34): the record in the page's HTML, as
    // the record's API answers it; a link that does not work is the page's 404 with its notice.
    await registerPrivateLinkPage(app, {
      path: PATHS.myData,
      rateLimit: LIMIT,
      linkLanguage: async (link) => (await openSelfServiceLink(db, link))?.language,
      read: async (link, language, request) => {
        try {
          const opened = await open({ link, lang: language });
          const answer: SelfServiceAnswer = {
            view: view(opened.source, await current(db, opened.link), opened.language),
          };
          return { result: answer, status: 200 };
        } catch (error) {
          if (error instanceof HttpError && error.statusCode < 500)
            return { result: { gone: true } satisfies SelfServiceAnswer, status: 404 };
          request.log.error({ err: error }, 'self-service page: the record could not be read');
          return { result: { unavailable: true } satisfies SelfServiceAnswer, status: 503 };
        }
      },
    });

    app.delete(SELF_SERVICE_ENDPOINTS.record.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link } = await open(request.query);
      await erase(link);
      return { ok: true };
    });
  };
}
