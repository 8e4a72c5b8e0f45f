import type { FastifyInstance } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { AppContext } from '~/platform/http/app-context.server';
import { parseInput } from '~/platform/http/errors.server';
import { type EditionFilter, resolveEdition } from './edition.server';
import { addDays, DAILY_ENDPOINT, type DailyStats, dailyQuerySchema, datesFrom, londonToday } from './daily';

/** The days asked for, as London dates (both included). */
export interface DayRange {
  from: string;
  to: string;
}

/** A section's numbers per day: date → series key → number (days without any may be left out). */
export type DailySeries = Map<string, Record<string, number>>;

/**
 * A section's series: their keys (each chart line or bar) and the query that counts them. A
 * section of edition-bound records counts the edition asked for; the others ignore it.
 */
export interface DailySource {
  keys: readonly string[];
  query: (db: Kysely<Database>, range: DayRange, edition: EditionFilter) => Promise<DailySeries>;
}

/** The London date of a timestamp column, as 'YYYY-MM-DD'. */
export const londonDay = (column: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'Europe/London', 'YYYY-MM-DD')`;

/** `column` falls on one of the range's London days. */
export const withinDays = (column: string, { from, to }: DayRange) =>
  sql<boolean>`${sql.ref(column)} >= (${from}::timestamp at time zone 'Europe/London') and ${sql.ref(column)} < (${addDays(to, 1)}::timestamp at time zone 'Europe/London')`;

/** Rows of `{ day, …numbers }` from a grouped query → DailySeries. */
export function toSeries(rows: ReadonlyArray<Record<string, unknown> & { day: string }>): DailySeries {
  return new Map(
    rows.map(({ day, ...numbers }) => [
      day,
      Object.fromEntries(Object.entries(numbers).map(([key, value]) => [key, Number(value)])),
    ]),
  );
}

/** The mail outbox per day of queuing: sent, still queued (pending or sending) and failed. */
export const outboxDaily: DailySource = {
  keys: ['sent', 'queued', 'failed'],
  query: async (db, range) =>
    toSeries(
      await db
        .selectFrom('mail_outbox')
        .select([
          londonDay('created_at').as('day'),
          sql<number>`count(*) filter (where status = 'sent')`.as('sent'),
          sql<number>`count(*) filter (where status in ('pending', 'sending'))`.as('queued'),
          sql<number>`count(*) filter (where status = 'failed')`.as('failed'),
        ])
        .where(withinDays('created_at', range))
        .groupBy(sql`1`)
        .execute(),
    ),
};

/**
 * Every day of the range with each source's numbers, zeros where there were none, so a
 * chart's days are evenly spaced. Without dates: the last 30 days.
 */
export async function dailyStats(
  ctx: AppContext,
  sources: ReadonlyArray<[string, DailySource]>,
  query: { from?: string; to?: string },
  edition: EditionFilter,
): Promise<DailyStats> {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : londonToday());
  const from = query.from ?? addDays(to, -29);
  const range = { from, to };
  const db = ctx.database.db;
  const series = await Promise.all(
    sources.map(async ([name, source]) => [name, source, await source.query(db, range, edition)] as const),
  );
  return {
    from,
    to,
    days: datesFrom(from, to).map((date) => ({
      date,
      values: Object.fromEntries(
        series.map(([name, source, days]) => [
          name,
          { ...Object.fromEntries(source.keys.map((key) => [key, 0])), ...days.get(date) },
        ]),
      ),
    })),
  };
}

/** GET DAILY_ENDPOINT: `dailyStats` for the query. Registered inside the admin guard. */
export function registerDailyStats(scope: FastifyInstance, sources: ReadonlyArray<[string, DailySource]>) {
  scope.get(DAILY_ENDPOINT.path, async (request): Promise<DailyStats> => {
    const query = parseInput(dailyQuerySchema, request.query);
    return dailyStats(scope.ctx, sources, query, await resolveEdition(scope.ctx, query.edition));
  });
}
