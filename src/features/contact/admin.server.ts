import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { csvDateTime } from '~/platform/admin/csv.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { HttpError, notFound } from '~/platform/http/errors.server';
import { CONTACT_ADMIN_ENDPOINTS, CONTACTS_LIST, type ContactRow } from './admin';

const contactsSource: AdminListSource<ContactRow> = {
  list: CONTACTS_LIST,
  table: 'contacts',
  columns: ['id', 'name', 'email', 'phone', 'message', 'category', 'status', 'created_at', 'resolved_at'],
  search: ['name', 'email', 'phone', 'message', 'category'],
  filterColumn: 'status',
  toRow: (r) =>
    ({ ...r, created_at: isoDate(r.created_at)!, resolved_at: isoDate(r.resolved_at) }) as ContactRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.name', value: (r) => r.name },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    { header: 'fields.category', value: (r, label) => label('category', r.category) },
    { header: 'fields.message', value: (r) => r.message },
    { header: 'fields.status', value: (r, label) => label('contactStatus', r.status) },
  ],
};

async function resolveContact(db: Kysely<Database>, actor: AuditActor, id: string) {
  return db.transaction().execute(async (trx) => {
    const contact = await trx
      .selectFrom('contacts')
      .select(['status', 'email'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!contact) throw notFound();
    if (contact.status !== 'new') throw new HttpError(409, 'transition_not_allowed');
    await trx
      .updateTable('contacts')
      .set({ status: 'resolved', resolved_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'contact.resolve',
      entity: 'contact',
      entityId: id,
      details: { from: 'new', to: 'resolved' },
    });
    return { status: 'resolved' as const };
  });
}

export const contactAdmin: AdminSectionServer = {
  name: 'contact',
  lists: [contactsSource],
  routes: (scope: FastifyInstance) => {
    scope.post(CONTACT_ADMIN_ENDPOINTS.resolve.path, async (request) =>
      resolveContact(scope.ctx.database.db, actorOf(request), idOf(request.params)),
    );
  },
  stats: async (db) => {
    const row = await db
      .selectFrom('contacts')
      .select(sql<number>`count(*) filter (where status = 'new')`.as('new'))
      .executeTakeFirstOrThrow();
    return { new: Number(row.new) };
  },
};
