import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ContentOf } from '~/platform/content/content-type';
import type { Database } from '~/platform/db/schema';
import type { ContentFollower } from '~/platform/content/follower.server';
import { eventContent } from '~/platform/site-content/event';
import { eventInstant } from './instant';
import { eventPhase } from './phase';

type EventFacts = ContentOf<typeof eventContent>;

/**
 * The `editions` table follows the published event facts: each edition's dates as last
 * published. Records of one weekend (registrations, sponsor applications) keep only their
 * edition's number, so postponing the event moves everything that counts from its dates
 * (the retention of its registrations) with it.
 */
export const editionsFollower: ContentFollower = {
  type: eventContent,
  apply: async (db, published) => {
    const facts = published as EventFacts;
    const row = {
      edition: facts.edition,
      starts_at: eventInstant(facts.start),
      ends_at: eventInstant(facts.end),
      updated_at: new Date(),
    };
    await db
      .insertInto('editions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('edition')
          .doUpdateSet({ starts_at: row.starts_at, ends_at: row.ends_at, updated_at: row.updated_at }),
      )
      .execute();
  },
};

/**
 * The edition a record sent now is for: the published one while it has not ended. Once it
 * is over (the organisers have not moved the facts to next year yet) the record is for an
 * edition nobody has announced: none.
 */
export function upcomingEdition(facts: EventFacts, now = new Date()): number | null {
  return eventPhase(facts, now).over ? null : facts.edition;
}

/** The end of the edition of a row of `table` (with an `edition` column), as last published. */
export function editionEnd(table: string): RawBuilder<Date | null> {
  return sql<Date | null>`(select e.ends_at from editions e where e.edition = ${sql.ref(`${table}.edition`)})`;
}

/** Every edition with its dates, newest first. */
export function listEditions(db: Kysely<Database>) {
  return db
    .selectFrom('editions')
    .select(['edition', 'starts_at', 'ends_at'])
    .orderBy('edition', 'desc')
    .execute();
}
