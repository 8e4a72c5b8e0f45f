import { londonDay, toSeries, withinDays } from '~/platform/admin/daily.server';
import { sql } from 'kysely';
import type { AdminSectionServer } from '~/platform/admin/area.server';
import { csvDateTime } from '~/platform/admin/csv.server';
import { ofEdition, resolveEdition } from '~/platform/admin/edition.server';
import { actorOf } from '~/platform/admin/area.server';
import { parseInput } from '~/platform/http/errors.server';
import { confirmRegistrations } from './confirm.server';
import { cancelRegistration, HOLDS_PLACE, PEOPLE_PER_PITCH, waitingPositions } from './places.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import type { RegistrationChange } from './changes';
import {
  COMPETITOR_TYPE,
  cancelRequestSchema,
  confirmRequestSchema,
  DAY_CAMPING,
  HELPER_TYPE,
  REGISTRATION_ADMIN_ENDPOINTS,
  REGISTRATIONS_LIST,
  type RegistrationRow,
  WAITING_FILTER,
} from './admin';

const registrationsSource: AdminListSource<RegistrationRow> = {
  list: REGISTRATIONS_LIST,
  table: 'registrations',
  columns: [
    'id',
    'first_name',
    'last_name',
    'email',
    'phone',
    'participation_types',
    'camping',
    'adults',
    'children',
    'dietary_needs',
    'accessibility_needs',
    'notes',
    'language',
    'status',
    'confirmed_at',
    'offer_expires_at',
    'created_at',
  ],
  search: [
    "first_name || ' ' || last_name",
    'email',
    'phone',
    'dietary_needs',
    'accessibility_needs',
    'notes',
  ],
  // The waiting list's tab: those waiting and those offered a place; the others, camping.
  filterColumn: (value) =>
    value === WAITING_FILTER
      ? { column: 'status', values: ['waiting', 'offered'] }
      : { column: 'camping', values: [value] },
  // Each waiting registration's place in line; each registration's history (issue 32),
  // oldest first, and whether it changed after the organisers confirmed it.
  attach: async (db, rows) => {
    if (rows.length === 0) return rows;
    const changes = await db
      .selectFrom('registration_changes')
      .select(['registration_id', 'changed_at', 'field', 'before', 'after', 'changed_by'])
      .where(
        'registration_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('changed_at')
      .orderBy('field')
      .execute();
    const positions = await waitingPositions(
      db,
      rows.filter((row) => row.status === 'waiting').map((row) => row.id),
    );
    return rows.map((row) => {
      const own: RegistrationChange[] = changes
        .filter((change) => change.registration_id === row.id)
        .map((change) => ({
          at: isoDate(change.changed_at)!,
          field: change.field,
          before: change.before,
          after: change.after,
          by: change.changed_by,
        }));
      const confirmedAt = row.confirmed_at ? Date.parse(row.confirmed_at) : null;
      return {
        ...row,
        waiting_position: positions.get(row.id) ?? null,
        changes: own,
        changed_since_confirmed:
          confirmedAt !== null && own.some((change) => Date.parse(change.at) > confirmedAt),
      };
    });
  },
  toRow: (r) =>
    ({
      ...r,
      participation_types: Array.isArray(r.participation_types) ? r.participation_types : [],
      confirmed_at: isoDate(r.confirmed_at),
      offer_expires_at: isoDate(r.offer_expires_at),
      waiting_position: null,
      created_at: isoDate(r.created_at)!,
      changes: [],
      changed_since_confirmed: false,
    }) as unknown as RegistrationRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.firstName', value: (r) => r.first_name },
    { header: 'fields.lastName', value: (r) => r.last_name },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    {
      header: 'fields.participation',
      value: (r, label) => r.participation_types.map((p) => label('participation', p)).join(', '),
    },
    { header: 'fields.camping', value: (r, label) => label('camping', r.camping) },
    { header: 'fields.adults', value: (r) => r.adults },
    { header: 'fields.children', value: (r) => r.children },
    { header: 'fields.dietary', value: (r) => r.dietary_needs },
    { header: 'fields.accessibility', value: (r) => r.accessibility_needs },
    { header: 'fields.notes', value: (r) => r.notes },
    { header: 'fields.status', value: (r, label) => label('registration', r.status) },
    { header: 'fields.waitingPosition', value: (r) => r.waiting_position },
  ],
};

export const registrationAdmin: AdminSectionServer = {
  name: 'registration',
  lists: [registrationsSource],
  routes: (scope) => {
    // Confirm the registrations picked, or every new one of an edition (issue 32).
    scope.post(REGISTRATION_ADMIN_ENDPOINTS.confirm.path, async (request) => {
      const asked = parseInput(confirmRequestSchema, request.body);
      const target =
        'ids' in asked ? { ids: asked.ids } : { edition: await resolveEdition(scope.ctx, asked.edition) };
      const { config, content } = scope.ctx;
      const result = await confirmRegistrations(scope.ctx.database.db, target, actorOf(request), {
        config,
        content: content.content,
      });
      scope.ctx.mailWorker.wake();
      return result;
    });
    // Cancel one (issue 32): a place it held goes to the first on the waiting list.
    scope.post(REGISTRATION_ADMIN_ENDPOINTS.cancel.path, async (request) => {
      const { id } = parseInput(cancelRequestSchema, request.body);
      const cancelled = await cancelRegistration(scope.ctx.database.db, id, actorOf(request));
      scope.ctx.mailWorker.wake();
      return { cancelled };
    });
  },
  // The chosen edition's registrations only: last year's never count as next year's (issue 30).
  stats: async (db, { edition }) => {
    const r = await db
      .selectFrom('registrations')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(adults), 0)`.as('adults'),
        sql<number>`coalesce(sum(children), 0)`.as('children'),
        sql<number>`count(*) filter (where camping = 'tent')`.as('tents'),
        sql<number>`coalesce(sum(adults + children) filter (where camping = ${DAY_CAMPING}), 0)`.as(
          'day_visitors',
        ),
        sql<number>`count(*) filter (where participation_types ? ${COMPETITOR_TYPE})`.as('competitors'),
        sql<number>`count(*) filter (where participation_types ? ${HELPER_TYPE})`.as('helpers'),
        sql<number>`count(*) filter (where status = 'new')`.as('unconfirmed'),
        sql<number>`coalesce(sum(ceil((adults + children)::numeric / ${PEOPLE_PER_PITCH})) filter (where camping = 'tent'), 0)`.as(
          'pitches',
        ),
      ])
      // Those holding a place: cancelled, waiting and lapsed ones do not count (issue 32).
      .where('status', 'in', HOLDS_PLACE)
      .where(ofEdition('edition', edition))
      .executeTakeFirstOrThrow();
    const { waiting } = await db
      .selectFrom('registrations')
      .select(sql<number>`count(*)`.as('waiting'))
      .where('status', '=', 'waiting')
      .where(ofEdition('edition', edition))
      .executeTakeFirstOrThrow();
    return {
      total: Number(r.total),
      adults: Number(r.adults),
      children: Number(r.children),
      tents: Number(r.tents),
      dayVisitors: Number(r.day_visitors),
      competitors: Number(r.competitors),
      helpers: Number(r.helpers),
      unconfirmed: Number(r.unconfirmed),
      pitches: Number(r.pitches),
      waiting: Number(waiting),
    };
  },
  // Per London day: the chosen edition's registrations made and the people they bring
  // (cancelled ones left out).
  daily: {
    keys: ['registrations', 'headcount'],
    query: async (db, range, edition) =>
      toSeries(
        await db
          .selectFrom('registrations')
          .select([
            londonDay('created_at').as('day'),
            sql<number>`count(*)`.as('registrations'),
            sql<number>`coalesce(sum(adults + children), 0)`.as('headcount'),
          ])
          .where('status', '<>', 'cancelled')
          .where(ofEdition('edition', edition))
          .where(withinDays('created_at', range))
          .groupBy(sql`1`)
          .execute(),
      ),
  },
};
