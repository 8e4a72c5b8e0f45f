import { randomUUID } from 'node:crypto';
import { sendJsonFile } from '~/platform/http/json-file.server';
import { sql, type Kysely } from 'kysely';
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
} from './admin';
import type { PrivacyTableRows, RetentionReport, RetentionSchedule } from '~/platform/privacy/types';
import { contentOf } from '~/platform/content/content-type';
import { retentionContent } from '~/platform/site-content/retention';
import { retentionJob, retentionSchedule } from './retention.server';
import {
  eraseRecords,
  findPersonalData,
  scrubAfterErasure,
  type PersonalDataSource,
} from '~/platform/privacy/personal-data.server';

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

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
    const { tables, ids } = await findPersonalData(trx, sources, email, { organisers: true });
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
        const { tables } = await findPersonalData(db, sources, email, { organisers: true });
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
        const { tables } = await findPersonalData(db, sources, email, { organisers: true });
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
        return sendJsonFile(reply, 'personal-data', file, exportedAt);
      });

      scope.post(PRIVACY_ADMIN_ENDPOINTS.preview.path, async (request): Promise<PrivacyPreview> => {
        const { email } = parseInput(privacyEmailSchema, request.body);
        const { tables } = await findPersonalData(scope.ctx.database.db, sources, email, {
          organisers: true,
        });
        return { email, tables: countsOf(tables) };
      });

      scope.post(PRIVACY_ADMIN_ENDPOINTS.erase.path, async (request): Promise<PrivacyErasure> => {
        const { email } = parseInput(privacyEmailSchema, request.body);
        const erased = await erasePersonalData(scope.ctx.database.db, sources, email, actorOf(request));
        await scrubAfterErasure(scope.ctx.database);
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
        }),
      );
    },
  };
}
