import type { ServerFeature } from '~/platform/feature.server';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { csvDateTime, csvPounds } from '~/platform/admin/csv.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { notFound, parseInput } from '~/platform/http/errors.server';
import {
  MEMBERSHIP_ENDPOINTS,
  MEMBERSHIPS_LIST,
  type MembershipRow,
  membershipSchema,
  poundsToPence,
} from './admin';

const membershipsSource: AdminListSource<MembershipRow> = {
  list: MEMBERSHIPS_LIST,
  table: 'community_memberships',
  columns: ['id', 'community_name', 'membership_type', 'payment_amount', 'status', 'created_at'],
  search: ['community_name', 'membership_type'],
  filterColumn: 'status',
  toRow: (r) => ({ ...r, created_at: isoDate(r.created_at)! }) as MembershipRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.communityName', value: (r) => r.community_name },
    { header: 'fields.membershipType', value: (r) => r.membership_type },
    { header: 'fields.amountGbp', value: (r) => csvPounds(r.payment_amount) },
    { header: 'fields.status', value: (r, label) => label('membershipStatus', r.status) },
  ],
};

type MembershipValues = z.output<typeof membershipSchema>;

const membershipRow = (input: MembershipValues) => ({
  community_name: input.communityName,
  membership_type: input.membershipType,
  payment_amount: poundsToPence(input.paymentAmount),
  status: input.status,
});

async function createMembership(db: Kysely<Database>, actor: AuditActor, input: MembershipValues) {
  return db.transaction().execute(async (trx) => {
    const values = membershipRow(input);
    const row = await trx
      .insertInto('community_memberships')
      .values({ ...values, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'membership.create',
      entity: 'membership',
      entityId: row.id,
      details: values,
    });
    return { id: row.id };
  });
}

async function updateMembership(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: MembershipValues,
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('community_memberships')
      .select(['community_name', 'membership_type', 'payment_amount', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const after = membershipRow(input);
    // Only what actually changed goes into the audit row: { field: [before, after] }.
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => [key, [before[key], after[key]]]),
    );
    if (Object.keys(changes).length === 0) return { id, changed: false };
    await trx
      .updateTable('community_memberships')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'membership.update',
      entity: 'membership',
      entityId: id,
      details: changes,
    });
    return { id, changed: true };
  });
}

const membershipsAdmin: AdminSectionServer = {
  name: 'memberships',
  lists: [membershipsSource],
  routes: (scope: FastifyInstance) => {
    const db = scope.ctx.database.db;
    scope.post(MEMBERSHIP_ENDPOINTS.create.path, async (request, reply) => {
      const input = parseInput(membershipSchema, request.body);
      return reply.code(201).send(await createMembership(db, actorOf(request), input));
    });
    scope.put(MEMBERSHIP_ENDPOINTS.update.path, async (request) => {
      const id = idOf(request.params);
      const input = parseInput(membershipSchema, request.body);
      return updateMembership(db, actorOf(request), id, input);
    });
  },
};

export const membershipsFeature: ServerFeature = { name: 'memberships', admin: membershipsAdmin };
