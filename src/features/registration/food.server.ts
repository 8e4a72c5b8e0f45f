import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ofEdition, type EditionFilter } from '~/platform/admin/edition.server';
import type { Database } from '~/platform/db/schema';
import { COMPETITOR_TYPE } from './admin';
import { groupCondition } from './counts.server';
import { DEFAULT_GRAMS_PER_PERSON, FOOD_GRAMS_KEY, foodKey, type FoodColumn, type FoodRow } from './food';
import { DIET_NAMES, DIETS } from './schema';

const BRING_DISH = 'bring_dish';
const registered = groupCondition('registered');
const arrived = sql`check_ins.registration_id is not null`;
const dietSum = sql.join(
  DIET_NAMES.map((diet) => sql.ref(`registrations.${DIETS[diet].column}`)),
  sql` + `,
);

/** Each food number of one column: an expression summed over the rows it counts. */
function columnExpressions(column: FoodColumn): Record<FoodRow, RawBuilder<number>> {
  const where = column === 'expected' ? registered : arrived;
  // Expected: as registered; arrived: as counted at the gate.
  const from = column === 'expected' ? 'registrations' : 'check_ins';
  const adults = sql.ref(`${from}.adults`);
  const children = sql.ref(`${from}.children`);
  const sum = (value: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
    sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)`;
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`count(*) filter (where ${where} and ${condition})`;
  return {
    people: sum(sql`${adults} + ${children}`),
    adults: sum(sql`${adults}`),
    children: sum(sql`${children}`),
    ...(Object.fromEntries(
      DIET_NAMES.map((diet) => [diet, sum(sql.ref(`registrations.${DIETS[diet].column}`))]),
    ) as Record<(typeof DIET_NAMES)[number], RawBuilder<number>>),
    // A person keeping two diets counts in both: so "no special diet" is at least this many.
    noSpecialDiet: sum(sql`greatest(0, ${adults} + ${children} - (${dietSum}))`),
    competitors: count(sql`registrations.participation_types ? ${COMPETITOR_TYPE}`),
    bringDish: count(sql`registrations.participation_types ? ${BRING_DISH}`),
  };
}

/** The edition's food numbers (food.ts: FOOD_ROWS by FOOD_COLUMNS, and the grams per person). */
export async function foodCounts(
  db: Kysely<Database>,
  edition: EditionFilter,
): Promise<Record<string, number>> {
  const selections = (['expected', 'arrived'] as const).flatMap((column) =>
    Object.entries(columnExpressions(column)).map(([row, expression]) =>
      expression.as(foodKey(column, row as FoodRow)),
    ),
  );
  const row = await db
    .selectFrom('registrations')
    .leftJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
    .select(selections)
    .where(ofEdition('registrations.edition', edition))
    .executeTakeFirstOrThrow();
  const setting =
    edition === null
      ? undefined
      : await db
          .selectFrom('food_settings')
          .select('grams_per_person')
          .where('edition', '=', edition)
          .executeTakeFirst();
  return {
    ...Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])),
    [FOOD_GRAMS_KEY]: setting?.grams_per_person ?? DEFAULT_GRAMS_PER_PERSON,
  };
}
