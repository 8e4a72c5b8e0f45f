import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { ofEdition, type EditionFilter } from '~/platform/admin/edition.server';
import type { Database } from '~/platform/db/schema';
import { AUDIENCES, type Audience } from './messages';

/**
 * The registration statuses and values the audiences are read from, written once here.
 * 'waiting' is the waiting list's status (places and a waiting list, issue 32): until that
 * exists, no registration has it and the waiting list is simply empty.
 */
const STATUS = { confirmed: 'confirmed', cancelled: 'cancelled', waiting: 'waiting' } as const;
const CAMPING_IN_A_TENT = 'tent';

/** Which registrations of the edition each audience is. */
function audienceFilter(audience: Audience): Expression<SqlBool> {
  switch (audience) {
    case 'confirmed':
      return sql<SqlBool>`status = ${STATUS.confirmed}`;
    // Everyone who registered and did not cancel, the waiting list included.
    case 'registered':
      return sql<SqlBool>`status <> ${STATUS.cancelled}`;
    case 'waiting':
      return sql<SqlBool>`status = ${STATUS.waiting}`;
    // Those coming with a tent: registered, not cancelled and not (yet) on the waiting list.
    case 'camping':
      return sql<SqlBool>`camping = ${CAMPING_IN_A_TENT} and status not in (${STATUS.cancelled}, ${STATUS.waiting})`;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The registrations a message goes to: one per e-mail address (a family registered twice
 * gets one mail), the newest registration's language.
 */
export function recipientsQuery(db: Db, audience: Audience, edition: EditionFilter) {
  return db
    .selectFrom('registrations')
    .select(['id', 'language'])
    .distinctOn(sql`lower(email)`)
    .where(ofEdition('edition', edition))
    .where(audienceFilter(audience))
    .orderBy(sql`lower(email)`)
    .orderBy('created_at', 'desc');
}

/** How many each audience reaches now (distinct addresses). */
export async function audienceCounts(db: Db, edition: EditionFilter): Promise<Record<Audience, number>> {
  const counts = await Promise.all(
    AUDIENCES.map(async (audience) => {
      const row = await db
        .selectFrom('registrations')
        .select(sql<number>`count(distinct lower(email))::int`.as('n'))
        .where(ofEdition('edition', edition))
        .where(audienceFilter(audience))
        .executeTakeFirstOrThrow();
      return [audience, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Audience, number>;
}
