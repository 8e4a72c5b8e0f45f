import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { actorOf, type AdminSectionServer } from '~/platform/admin/area.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { markForScrub } from '~/platform/db/scrub.server';
import { parseInput } from '~/platform/http/errors.server';
import {
  PRIVACY_ADMIN_ENDPOINTS,
  privacyEmailSchema,
  type PrivacyErasure,
  type PrivacyPreview,
  type PrivacySearchResult,
  type PrivacyTableRows,
  type RetentionReport,
  type RetentionSchedule,
} from './admin';
import { contentOf } from '~/platform/content/content-type';
import { retentionContent } from '~/platform/site-content/retention';
import { retentionJob, retentionSchedule } from './retention.server';
import {
  eraseRecords,
  idsForEmail,
  scrubAfterErasure,
  type PersonalDataSource,
} from './personal-data.server';

type Db = Kysely<Database> | Transaction<Database>;
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Secrets never shown nor exported: password and token hashes, an order's private link token. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'public_token', 'id_hash']);

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

/**
 * Every row about one address: the features' tables (their PersonalDataSource), the order
 * lines of the orders found, the outbox (sent to it, replying to it, or about a record found),
 * the self-service links, and, shown but never erased here, admin accounts, invitations and
 * audit entries that mention it (an organiser's own account is handled on the team page; the
 * audit log is the organisers' accountability record and is purged by the retention job).
 */
async function findPersonalData(
  db: Db,
  sources: readonly PersonalDataSource[],
  email: string,
): Promise<{ tables: PrivacyTableRows[]; ids: Map<PersonalDataSource, string[]> }> {
  const any = db as unknown as AnyDb;
  const tables: PrivacyTableRows[] = [];
  const ids = new Map<PersonalDataSource, string[]>();
  const related: { table: string; ids: string[] }[] = [];
  for (const source of sources) {
    const found = await idsForEmail(db, source, email);
    ids.set(source, found);
    related.push({ table: source.table, ids: found });
    const rows = found.length
      ? await any.selectFrom(source.table).selectAll().where('id', 'in', found).orderBy('id').execute()
      : [];
    tables.push({ table: source.table, action: source.erase.kind, rows: rows.map(withoutSecrets) });
    for (const belonging of source.related ?? []) {
      const rows = found.length
        ? await any.selectFrom(belonging.table).selectAll().where(belonging.column, 'in', found).execute()
        : [];
      tables.push({ table: belonging.table, action: 'keep', rows: rows.map(withoutSecrets) });
    }
  }
  const aboutRecords = related.filter((r) => r.ids.length > 0);
  const outbox = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('to_address'), '=', email),
        eb(lower('reply_to'), '=', email),
        ...aboutRecords.map((r) =>
          eb.and([eb('related_table', '=', r.table), eb('related_id', 'in', r.ids)]),
        ),
      ]),
    )
    .orderBy('created_at')
    .execute();
  tables.push({ table: 'mail_outbox', action: 'delete', rows: outbox });
  const links = await db
    .selectFrom('self_service_links')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('email'), '=', email),
        ...aboutRecords.map((r) => eb.and([eb('record_table', '=', r.table), eb('record_id', 'in', r.ids)])),
      ]),
    )
    .execute();
  tables.push({ table: 'self_service_links', action: 'delete', rows: links.map(withoutSecrets) });
  const admins = await db.selectFrom('admin_users').selectAll().where(lower('email'), '=', email).execute();
  tables.push({ table: 'admin_users', action: 'keep', rows: admins.map(withoutSecrets) });
  const invitations = await db
    .selectFrom('admin_invitations')
    .selectAll()
    .where(lower('email'), '=', email)
    .execute();
  tables.push({ table: 'admin_invitations', action: 'keep', rows: invitations.map(withoutSecrets) });
  const audit = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('actor'), '=', email),
        eb(sql<number>`position(${email} in lower(cast(details as text)))`, '>', 0),
      ]),
    )
    .orderBy('created_at')
    .execute();
  tables.push({ table: 'audit_log', action: 'keep', rows: audit });
  return { tables, ids };
}

const countsOf = (tables: PrivacyTableRows[]) =>
  tables.map(({ table, action, rows }) => ({ table, action, count: rows.length }));

/**
 * Erases everything about one address in one transaction: each source's rows deleted or
 * anonymised (eraseRecords: with their outbox rows and links), then the outbox rows sent to
 * or replying to the address and its remaining links. Audited with a reference and the
 * counts, never the address (decision 0028). The tables are marked for the scrub, which the
 * caller runs once this has committed (decision 0032).
 */
async function erasePersonalData(
  db: Kysely<Database>,
  sources: readonly PersonalDataSource[],
  email: string,
  actor: { id: string | null; label: string },
): Promise<PrivacyErasure> {
  return db.transaction().execute(async (trx) => {
    const { tables, ids } = await findPersonalData(trx, sources, email);
    for (const source of sources) await eraseRecords(trx, source, ids.get(source) ?? []);
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) => eb.or([eb(lower('to_address'), '=', email), eb(lower('reply_to'), '=', email)]))
      .execute();
    await trx.deleteFrom('self_service_links').where(lower('email'), '=', email).execute();
    await markForScrub(trx, ['mail_outbox', 'self_service_links']);
    const reference = randomUUID();
    const counts = countsOf(tables);
    await writeAudit(trx, actor, {
      action: 'privacy.erase',
      entity: 'privacy',
      entityId: reference,
      details: {
        tables: Object.fromEntries(counts.filter((c) => c.action !== 'keep').map((c) => [c.table, c.count])),
      },
    });
    return { reference, tables: counts };
  });
}

const totalRows = (tables: PrivacyTableRows[]) => tables.reduce((sum, t) => sum + t.rows.length, 0);

/** The admin API of the privacy page, given every feature's personal data sources. */
export function privacyAdmin(sources: readonly PersonalDataSource[]): AdminSectionServer {
  return {
    name: 'privacy',
    routes: (scope) => {
      scope.get(PRIVACY_ADMIN_ENDPOINTS.search.path, async (request): Promise<PrivacySearchResult> => {
        const { email } = parseInput(privacyEmailSchema, request.query);
        const db = scope.ctx.database.db;
        const { tables } = await findPersonalData(db, sources, email);
        // Looking at a person's data is itself processing: recorded, without the address.
        await writeAudit(db, actorOf(request), {
          action: 'privacy.search',
          entity: 'privacy',
          details: { rows: totalRows(tables) },
        });
        return { email, tables };
      });

      scope.get(PRIVACY_ADMIN_ENDPOINTS.export.path, async (request, reply) => {
        const { email } = parseInput(privacyEmailSchema, request.query);
        const db = scope.ctx.database.db;
        const { tables } = await findPersonalData(db, sources, email);
        const reference = randomUUID();
        await writeAudit(db, actorOf(request), {
          action: 'privacy.export',
          entity: 'privacy',
          entityId: reference,
          details: { rows: totalRows(tables) },
        });
        const exportedAt = new Date();
        const file = {
          email,
          exportedAt: exportedAt.toISOString(),
          reference,
          tables: Object.fromEntries(tables.map((t) => [t.table, t.rows])),
        };
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="personal-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
          )
          .header('cache-control', 'no-store')
          .send(JSON.stringify(file, null, 2));
      });

      scope.post(PRIVACY_ADMIN_ENDPOINTS.preview.path, async (request): Promise<PrivacyPreview> => {
        const { email } = parseInput(privacyEmailSchema, request.body);
        const { tables } = await findPersonalData(scope.ctx.database.db, sources, email);
        return { email, tables: countsOf(tables) };
      });

      scope.post(PRIVACY_ADMIN_ENDPOINTS.erase.path, async (request): Promise<PrivacyErasure> => {
        const { email } = parseInput(privacyEmailSchema, request.body);
        const erased = await erasePersonalData(scope.ctx.database.db, sources, email, actorOf(request));
        await scrubAfterErasure(scope.ctx.database, request.log);
        return erased;
      });

      const periods = () => contentOf(scope.ctx.content.content, retentionContent);
      scope.get(PRIVACY_ADMIN_ENDPOINTS.retention.path, async (): Promise<RetentionSchedule> =>
        retentionSchedule(scope.ctx.database.db, sources, periods()),
      );
      // "Run now": the daily job at once, recorded as the admin's (it also runs by itself).
      scope.post(PRIVACY_ADMIN_ENDPOINTS.retentionRun.path, async (request): Promise<RetentionReport> =>
        retentionJob(scope.ctx.database, sources, periods(), {
          actor: actorOf(request),
          log: request.log,
        }),
      );
    },
  };
}
