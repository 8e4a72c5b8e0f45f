import type { FastifyInstance } from 'fastify';
import { sendJsonFile } from '~/platform/http/json-file.server';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import { formatDateTime } from '~/platform/i18n/format';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import { afterAnswer } from '~/platform/http/after-answer.server';
import { registerPagePost } from '~/platform/forms/page-post.server';
import { PATHS } from '~/platform/paths';
import { sendMyLinks } from './my-links.server';
import {
  eraseRecords,
  findPersonalData,
  scrubAfterErasure,
  type PersonalDataSource,
} from '~/platform/privacy/personal-data.server';
import { myLinksRequestSchema, SELF_SERVICE_ENDPOINTS, type SelfServiceView } from './self-service';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import {
  openSelfServiceLink,
  revokeSelfServiceLinks,
  type OpenLink,
} from '~/platform/privacy/self-service-links.server';

const LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;
/** "Send me my links" sends e-mail: a few asks per visitor address, like "e-mail me my orders". */
const LINKS_LIMIT = { max: 5, timeWindow: 15 * 60_000 } as const;
/** One e-mail address and the form's own fields. */
const LINKS_BODY_LIMIT = 4 * 1024;
const linkQuery = z.object({ link: z.string().max(200), lang: z.string().max(5).optional() });

type Row = Record<string, unknown>;
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
      return {
        name: field.name,
        label: t(field.label),
        value: shown,
        ...(field.edit && !cancelled
          ? {
              editable: {
                kind: field.edit.kind,
                optional: field.edit.optional ?? false,
                ...(field.edit.hint ? { hint: t(field.edit.hint) } : {}),
                ...(field.edit.label ? { label: t(field.edit.label) } : {}),
              },
            }
          : {}),
      };
    }),
    cancellable: Boolean(source.cancel) && !cancelled,
    cancelled,
  };
}

/**
 * GET/PATCH/DELETE /api/my-data, POST …/cancel and …/revoke, GET …/export: every answer 404 for
 * a bad link. POST …/links: "send me my links", answered alike for every address.
 */
export function selfServiceRoutes(
  sources: readonly SelfServiceSource[],
  personal: readonly PersonalDataSource[],
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
      return { link: opened, source, language: toLanguage(lang ?? 'lt') };
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

    app.patch(SELF_SERVICE_ENDPOINTS.record.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      const editable = source.fields.filter((field) => field.edit);
      // The body is the corrected values, field by field (errors name the field as the page does).
      const schema = z.strictObject(
        Object.fromEntries(editable.map((field) => [field.name, field.edit!.schema])),
      );
      const values = parseInput(schema, request.body) as Row;
      const row = await db.transaction().execute(async (trx) => {
        const before = await current(trx, link);
        if (source.cancel && before[source.cancel.column] === source.cancel.value)
          throw new HttpError(409, 'cancelled', { message: 'privacy:self.errors.cancelled' });
        const update: Row = {};
        for (const field of editable) if (field.column) update[field.column] = values[field.name] ?? null;
        Object.assign(update, source.beforeSave?.(before, values, language));
        await (trx as unknown as AnyDb)
          .updateTable(link.table)
          .set(update)
          .where('id', '=', link.id)
          .execute();
        await audit(trx, 'privacy.self_service.corrected', link);
        return current(trx, link);
      });
      return view(source, row, language);
    });

    app.post(SELF_SERVICE_ENDPOINTS.cancel.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link, source, language } = await open(request.query);
      if (!source.cancel) throw notFound();
      const cancel = source.cancel;
      const row = await db.transaction().execute(async (trx) => {
        await (trx as unknown as AnyDb)
          .updateTable(link.table)
          .set({ [cancel.column]: cancel.value })
          .where('id', '=', link.id)
          .execute();
        await audit(trx, 'privacy.self_service.cancelled', link);
        return current(trx, link);
      });
      return view(source, row, language);
    });

    app.post(SELF_SERVICE_ENDPOINTS.revoke.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link } = await open(request.query);
      await db.transaction().execute(async (trx) => {
        await revokeSelfServiceLinks(trx, { table: link.table, id: link.id });
        await audit(trx, 'privacy.self_service.link_revoked', link);
      });
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
    const rateLimit = { ...LINKS_LIMIT, groupId: 'my-links' };
    app.post(SELF_SERVICE_ENDPOINTS.links.path, { config: { rateLimit } }, async (request, reply) => {
      const asked = parseInput(myLinksRequestSchema, request.body);
      later(reply, request.log, 'self-service links not sent', () =>
        sendMyLinks(app.ctx, sources, personal, asked),
      );
      return { ok: true };
    });
    // The same as a form on /mano-duomenys (the privacy notice links to it), with or without
    // scripts: the page's route action, under the same budget; the work starts once it answered.
    await registerPagePost(app, {
      path: PATHS.myData,
      withScripts: true,
      rateLimit,
      bodyLimit: LINKS_BODY_LIMIT,
      store: async (data, request) => {
        const asked = data as z.output<typeof myLinksRequestSchema>;
        setImmediate(() =>
          later.run(request.log, 'self-service links not sent', () =>
            sendMyLinks(app.ctx, sources, personal, asked),
          ),
        );
        return undefined;
      },
    });

    app.delete(SELF_SERVICE_ENDPOINTS.record.path, { config: { rateLimit: LIMIT } }, async (request) => {
      const { link } = await open(request.query);
      const erase = personal.find((candidate) => candidate.table === link.table);
      if (!erase) throw notFound();
      await db.transaction().execute(async (trx) => {
        await eraseRecords(trx, erase, [link.id]);
        await audit(trx, 'privacy.self_service.erased', link);
      });
      // "Deleted" is said once the bytes are gone from the database's files too.
      await scrubAfterErasure(app.ctx.database, request.log);
      return { ok: true };
    });
  };
}
