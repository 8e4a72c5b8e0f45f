import { sql, type Kysely, type Transaction } from 'kysely';
import { ofEdition, type EditionFilter } from '~/platform/admin/edition.server';
import type { Database } from '~/platform/db/schema';
import type { ParticipantGroups } from '~/platform/event/participants';
import { AUDIENCES, type Audience, type AudienceCount } from './messages';

// Who each audience is comes from the one vocabulary of the edition's registrations (issue
// 43): the registration feature's conditions, handed in by the app, the same the dashboard,
// the registrations list and its CSV count with. So "everyone registered" here is the
// dashboard's "Registered", the waiting list not included.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The registrations a message goes to: one per e-mail address (a family registered twice
 * gets one mail), the newest registration's language.
 */
export function recipientsQuery(
  db: Db,
  groups: ParticipantGroups,
  audience: Audience,
  edition: EditionFilter,
) {
  return db
    .selectFrom('registrations')
    .select(['id', 'language'])
    .distinctOn(sql`lower(email)`)
    .where(ofEdition('edition', edition))
    .where(groups.condition(audience))
    .orderBy(sql`lower(email)`)
    .orderBy('created_at', 'desc');
}

/** How many registrations each audience is now, and how many addresses (mails) that makes. */
export async function audienceCounts(
  db: Db,
  groups: ParticipantGroups,
  edition: EditionFilter,
): Promise<Record<Audience, AudienceCount>> {
  const counts = await Promise.all(
    AUDIENCES.map(async (audience) => {
      const row = await db
        .selectFrom('registrations')
        .select([
          sql<number>`count(*)::int`.as('registrations'),
          sql<number>`count(distinct lower(email))::int`.as('addresses'),
        ])
        .where(ofEdition('edition', edition))
        .where(groups.condition(audience))
        .executeTakeFirstOrThrow();
      return [
        audience,
        { registrations: Number(row.registrations), addresses: Number(row.addresses) },
      ] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Audience, AudienceCount>;
}
