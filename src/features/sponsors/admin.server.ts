import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { csvDateTime } from '~/platform/admin/csv.server';
import { ofEdition } from '~/platform/admin/edition.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import {
  SPONSOR_ADMIN_ENDPOINTS,
  SPONSOR_APPLICATIONS_LIST,
  SPONSOR_STATUSES,
  SPONSOR_TRANSITIONS,
  type SponsorApplicationRow,
  type SponsorStatus,
} from './admin';
import { budgetRangeLabel } from './schema';

const applicationsSource: AdminListSource<SponsorApplicationRow> = {
  list: SPONSOR_APPLICATIONS_LIST,
  table: 'sponsor_applications',
  columns: [
    'id',
    'company_name',
    'contact_person',
    'email',
    'phone',
    'website',
    'sponsorship_level',
    'sponsorship_types',
    'budget_range',
    'message',
    'status',
    'created_at',
  ],
  search: ['company_name', 'contact_person', 'email', 'phone', 'website', 'message'],
  filterColumn: 'status',
  toRow: (r) =>
    ({
      ...r,
      sponsorship_types: Array.isArray(r.sponsorship_types) ? r.sponsorship_types : [],
      created_at: isoDate(r.created_at)!,
    }) as SponsorApplicationRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.company', value: (r) => r.company_name },
    { header: 'fields.contactPerson', value: (r) => r.contact_person },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    { header: 'fields.website', value: (r) => r.website },
    { header: 'fields.level', value: (r, label) => label('level', r.sponsorship_level) },
    {
      header: 'fields.sponsorshipTypes',
      value: (r, label) => r.sponsorship_types.map((t) => label('sponsorType', t)).join(', '),
    },
    { header: 'fields.budget', value: (r, _label, lang) => budgetRangeLabel(r.budget_range, serverT(lang)) },
    { header: 'fields.message', value: (r) => r.message },
    { header: 'fields.status', value: (r, label) => label('sponsorStatus', r.status) },
  ],
};

async function changeSponsorStatus(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  status: SponsorStatus,
) {
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('sponsor_applications')
      .select(['status', 'company_name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound();
    if (!SPONSOR_TRANSITIONS[application.status].some((next) => next === status)) {
      throw new HttpError(409, 'transition_not_allowed');
    }
    await trx.updateTable('sponsor_applications').set({ status }).where('id', '=', id).execute();
    await writeAudit(trx, actor, {
      action: 'sponsor_application.status',
      entity: 'sponsor_application',
      entityId: id,
      details: { company: application.company_name, from: application.status, to: status },
    });
    return { status };
  });
}

export const sponsorsAdmin: AdminSectionServer = {
  name: 'sponsors',
  lists: [applicationsSource],
  routes: (scope: FastifyInstance) => {
    scope.post(SPONSOR_ADMIN_ENDPOINTS.status.path, async (request) => {
      const { status } = parseInput(z.object({ status: z.enum(SPONSOR_STATUSES) }), request.body);
      return changeSponsorStatus(scope.ctx.database.db, actorOf(request), idOf(request.params), status);
    });
  },
  // New applications of the chosen edition: the same records as its list (issue 30).
  stats: async (db, { edition }) => {
    const row = await db
      .selectFrom('sponsor_applications')
      .select(sql<number>`count(*) filter (where status = 'new')`.as('new'))
      .where(ofEdition('edition', edition))
      .executeTakeFirstOrThrow();
    return { new: Number(row.new) };
  },
};
