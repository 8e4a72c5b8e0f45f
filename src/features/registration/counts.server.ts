import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { londonDay, type DayRange, withinDays } from '~/platform/admin/daily.server';
import { ofEdition, type EditionFilter } from '~/platform/admin/edition.server';
import type { Database } from '~/platform/db/schema';
import {
  CANCELLED_STATUSES,
  EDITION_COUNTS,
  type EditionCounts,
  type ParticipantGroup,
  type ParticipantGroups,
  REGISTERED_STATUSES,
  WAITING_STATUSES,
} from '~/platform/event/participants';

// The one place an edition's registrations are counted and grouped (issue 43): the dashboard,
// the list's filters, the CSV, the chart and the messages' audiences all read these.

const TENT = 'tent';
const status = sql.ref('registrations.status');
const among = (statuses: readonly string[]) =>
  sql<SqlBool>`${status} in (${sql.join(statuses.map((s) => sql`${s}`))})`;
const arrived = sql<SqlBool>`exists (select 1 from check_ins where check_ins.registration_id = registrations.id)`;

/** Which registrations a group is: a condition on a `registrations` row (the table unaliased). */
export function groupCondition(group: ParticipantGroup): Expression<SqlBool> {
  switch (group) {
    case 'registered':
      return among(REGISTERED_STATUSES);
    case 'confirmed':
      return sql<SqlBool>`${status} = 'confirmed'`;
    case 'unconfirmed':
      return sql<SqlBool>`${status} = 'new'`;
    case 'waiting':
      return among(WAITING_STATUSES);
    case 'cancelled':
      return among(CANCELLED_STATUSES);
    case 'arrived':
      return arrived;
    // Expected at the gate and not there (yet): registered, no check-in.
    case 'notArrived':
      return sql<SqlBool>`${among(REGISTERED_STATUSES)} and not ${arrived}`;
    // Coming with a tent: registered (the waiting list not included).
    case 'camping':
      return sql<SqlBool>`${among(REGISTERED_STATUSES)} and registrations.camping = ${TENT}`;
  }
}

export const participantGroups: ParticipantGroups = { condition: groupCondition };

const people = sql`registrations.adults + registrations.children`;
const countOf = (group: ParticipantGroup) => sql<number>`count(*) filter (where ${groupCondition(group)})`;
const peopleOf = (group: ParticipantGroup) =>
  sql<number>`coalesce(sum(${people}) filter (where ${groupCondition(group)}), 0)`;

/** Every number of EDITION_COUNTS, as select expressions over `registrations` left-joined to `check_ins`. */
const COUNT_COLUMNS = {
  registrations: countOf('registered'),
  people: peopleOf('registered'),
  confirmed: countOf('confirmed'),
  unconfirmed: countOf('unconfirmed'),
  waiting: countOf('waiting'),
  waitingPeople: peopleOf('waiting'),
  cancelled: countOf('cancelled'),
  // As counted at the gate (who came, not who registered).
  arrived: sql<number>`count(check_ins.registration_id)`,
  arrivedPeople: sql<number>`coalesce(sum(check_ins.adults + check_ins.children), 0)`,
  all: sql<number>`count(*)`,
} satisfies Record<keyof EditionCounts, unknown>;

type Db = Kysely<Database> | Transaction<Database>;

function countsQuery(db: Db, edition: EditionFilter) {
  return db
    .selectFrom('registrations')
    .leftJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
    .select(Object.entries(COUNT_COLUMNS).map(([key, expression]) => expression.as(key)))
    .where(ofEdition('registrations.edition', edition));
}

const toCounts = (row: Record<string, unknown>): EditionCounts =>
  Object.fromEntries(EDITION_COUNTS.map((key) => [key, Number(row[key] ?? 0)])) as EditionCounts;

/** An edition's numbers (EDITION_COUNTS): what every count of registrations in the admin area says. */
export async function editionCounts(db: Db, edition: EditionFilter): Promise<EditionCounts> {
  return toCounts(await countsQuery(db, edition).executeTakeFirstOrThrow());
}

/**
 * The same numbers per London day the registrations were made (the chart): summed over every
 * day, they are `editionCounts` (arrivals are counted on the day their registration was made).
 */
export async function editionCountsByDay(
  db: Db,
  edition: EditionFilter,
  range: DayRange,
): Promise<Map<string, EditionCounts>> {
  const rows = await countsQuery(db, edition)
    .select(londonDay('registrations.created_at').as('day'))
    .where(withinDays('registrations.created_at', range))
    .groupBy(sql`day`)
    .execute();
  return new Map(rows.map((row) => [String(row.day), toCounts(row)]));
}
