import { sql } from 'kysely';
import type { AdminSectionServer } from '~/platform/admin/area.server';
import { csvDateTime, sendCsv, toCsv } from '~/platform/admin/csv.server';
import { editionParam } from '~/platform/admin/edition';
import { writeAudit } from '~/platform/auth/audit.server';
import { z } from 'zod';
import type { FOOD_COLUMNS } from './food';
import { FOOD_ENDPOINTS, FOOD_GRAMS_KEY, FOOD_ROWS, foodKey, foodKg, foodSettingsSchema } from './food';
import { foodCounts } from './food.server';
import { DIET_NAMES, DIETS } from './schema';
import { ofEdition, resolveEdition } from '~/platform/admin/edition.server';
import { actorOf } from '~/platform/admin/area.server';
import { parseInput } from '~/platform/http/errors.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { confirmRegistrations } from './confirm.server';
import { cancelRegistration, HOLDS_PLACE, PEOPLE_PER_PITCH, waitingPositions } from './places.server';
import { editionCounts, editionCountsByDay, groupCondition } from './counts.server';
import { PARTICIPANT_GROUPS, type ParticipantGroup } from '~/platform/event/participants';
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
    ...DIET_NAMES.map((diet) => DIETS[diet].column),
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
  // A group of the one vocabulary (registered, waiting, cancelled, arrived…: the same
  // registrations the dashboard counts, issue 43), or a way of staying.
  filterColumn: (value) =>
    (PARTICIPANT_GROUPS as readonly string[]).includes(value)
      ? groupCondition(value as ParticipantGroup)
      : { column: 'camping', values: [value] },
  // Each waiting registration's place in line; each registration's history (issue 32),
  // oldest first, and whether it changed after the organisers confirmed it; its arrival.
  attach: async (db, rows) => {
    if (rows.length === 0) return rows;
    const arrivals = new Map(
      (
        await db
          .selectFrom('check_ins')
          .select(['registration_id', 'arrived_at'])
          .where(
            'registration_id',
            'in',
            rows.map((row) => row.id),
          )
          .execute()
      ).map((row) => [row.registration_id, isoDate(row.arrived_at)]),
    );
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
        arrived_at: arrivals.get(row.id) ?? null,
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
      diets: Object.fromEntries(DIET_NAMES.map((diet) => [diet, Number(r[DIETS[diet].column] ?? 0)])),
      confirmed_at: isoDate(r.confirmed_at),
      offer_expires_at: isoDate(r.offer_expires_at),
      waiting_position: null,
      arrived_at: null,
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
    ...DIET_NAMES.map((diet) => ({
      header: `values.diet.${diet}` as const,
      value: (r: RegistrationRow) => r.diets[diet],
    })),
    { header: 'fields.dietary', value: (r) => r.dietary_needs },
    { header: 'fields.accessibility', value: (r) => r.accessibility_needs },
    { header: 'fields.notes', value: (r) => r.notes },
    { header: 'fields.language', value: (r, label) => label('language', r.language) },
    { header: 'fields.status', value: (r, label) => label('registration', r.status) },
    { header: 'fields.waitingPosition', value: (r) => r.waiting_position },
    { header: 'fields.confirmedAt', value: (r) => csvDateTime(r.confirmed_at) },
    {
      header: 'fields.changedSinceConfirmed',
      value: (r, label) => (r.confirmed_at ? label('yesNo', String(r.changed_since_confirmed)) : null),
    },
    { header: 'fields.arrivedAt', value: (r) => csvDateTime(r.arrived_at) },
  ],
};

const foodCsvQuery = z.object({ edition: editionParam, lang: z.enum(['lt', 'en']).default('lt') });

/** The food counts as CSV rows: what is counted, expected, arrived; last, the food to buy. */
function foodCsv(numbers: Record<string, number>, lang: 'lt' | 'en'): string {
  const grams = numbers[FOOD_GRAMS_KEY]!;
  const kg = (column: (typeof FOOD_COLUMNS)[number]) => foodKg(numbers[foodKey(column, 'people')]!, grams);
  const rows = [
    ...FOOD_ROWS.map((row) => ({
      label: `food.rows.${row}` as const,
      expected: numbers[foodKey('expected', row)]!,
      arrived: numbers[foodKey('arrived', row)]!,
    })),
    { label: 'food.rows.kg' as const, expected: kg('expected'), arrived: kg('arrived') },
  ];
  return toCsv(
    [
      {
        header: 'food.csv.counted',
        value: (row, _label, language) => serverT(language)(`admin:${row.label}`),
      },
      { header: 'food.columns.expected', value: (row) => row.expected },
      { header: 'food.columns.arrived', value: (row) => row.arrived },
    ],
    rows,
    lang,
    { personalData: false },
  );
}

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
    // The food counts (issue 47): the amount per person for the edition's estimate, and the
    // counts as a CSV with no name nor address in it.
    scope.put(FOOD_ENDPOINTS.settings.path, async (request) => {
      const { edition, kgPerPerson } = parseInput(foodSettingsSchema, request.body);
      const grams = Math.round(kgPerPerson * 1000);
      const { db } = scope.ctx.database;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('food_settings')
          .values({ edition, grams_per_person: grams })
          .onConflict((conflict) =>
            conflict.column('edition').doUpdateSet({ grams_per_person: grams, updated_at: new Date() }),
          )
          .execute();
        await writeAudit(trx, actorOf(request), {
          action: 'registration.food_settings',
          entity: 'edition',
          entityId: String(edition),
          details: { gramsPerPerson: grams },
        });
      });
      return { gramsPerPerson: grams };
    });
    scope.get(FOOD_ENDPOINTS.csv.path, async (request, reply) => {
      const { edition: asked, lang } = parseInput(foodCsvQuery, request.query);
      const numbers = await foodCounts(scope.ctx.database.db, await resolveEdition(scope.ctx, asked));
      return sendCsv(reply, 'food', lang, foodCsv(numbers, lang));
    });
    // Cancel one (issue 32): a place it held goes to the first on the waiting list.
    scope.post(REGISTRATION_ADMIN_ENDPOINTS.cancel.path, async (request) => {
      const { id } = parseInput(cancelRequestSchema, request.body);
      const cancelled = await cancelRegistration(scope.ctx.database.db, id, actorOf(request));
      scope.ctx.mailWorker.wake();
      return { cancelled };
    });
  },
  // The chosen edition's numbers, in the one vocabulary (issue 43), and the headcounts
  // organisers plan with: of those registered (new or confirmed; the waiting list and
  // cancelled ones not included), so adults + children = people. Pitches are the places
  // taken, a place offered to the waiting list included (as the limits count them).
  stats: async (db, { edition }) => {
    const r = await db
      .selectFrom('registrations')
      .select([
        sql<number>`coalesce(sum(adults) filter (where ${groupCondition('registered')}), 0)`.as('adults'),
        sql<number>`coalesce(sum(children) filter (where ${groupCondition('registered')}), 0)`.as('children'),
        sql<number>`count(*) filter (where ${groupCondition('camping')})`.as('tents'),
        sql<number>`coalesce(sum(adults + children) filter (where ${groupCondition('registered')} and camping = ${DAY_CAMPING}), 0)`.as(
          'day_visitors',
        ),
        sql<number>`count(*) filter (where ${groupCondition('registered')} and participation_types ? ${COMPETITOR_TYPE})`.as(
          'competitors',
        ),
        sql<number>`count(*) filter (where ${groupCondition('registered')} and participation_types ? ${HELPER_TYPE})`.as(
          'helpers',
        ),
        sql<number>`coalesce(sum(ceil((adults + children)::numeric / ${PEOPLE_PER_PITCH})) filter (where camping = 'tent' and status in (${sql.join(HOLDS_PLACE.map((s) => sql`${s}`))})), 0)`.as(
          'pitches',
        ),
      ])
      .where(ofEdition('edition', edition))
      .executeTakeFirstOrThrow();
    return {
      ...(await editionCounts(db, edition)),
      ...(await foodCounts(db, edition)),
      adults: Number(r.adults),
      children: Number(r.children),
      tents: Number(r.tents),
      dayVisitors: Number(r.day_visitors),
      competitors: Number(r.competitors),
      helpers: Number(r.helpers),
      pitches: Number(r.pitches),
    };
  },
  // Per London day the registrations were made: the chosen edition's registered ones and
  // the people they bring (the same numbers as the dashboard, by day).
  daily: {
    keys: ['registrations', 'people'],
    query: async (db, range, edition) => {
      const days = await editionCountsByDay(db, edition, range);
      return new Map(
        [...days].map(([day, counts]) => [
          day,
          { registrations: counts.registrations, people: counts.people },
        ]),
      );
    },
  },
};
