import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';

/**
 * Where @fastify/rate-limit counts requests. With PostgreSQL, several instances may answer
 * behind one proxy, so the counts live in the database they share (issue 28, finding 14b:
 * two instances accepted twice as many forms from one address); the embedded database is one
 * process, which keeps the plugin's own in-memory store.
 */
export function rateLimitStore(database: DatabaseHandle) {
  return database.kind === 'postgres' ? postgresRateLimitStore(database.db) : undefined;
}

/**
 * What the plugin really passes to `child` (its route settings merged, index.js `mergeParams`);
 * its type declaration says the route's options instead.
 */
interface ChildOptions {
  groupId?: string;
  routeInfo: { method: string | string[]; url: string };
}
type Incr = FastifyRateLimitStore['incr'];

/** Expired windows are deleted at most this often per process, by the request that finds it due. */
const PURGE_INTERVAL_MS = 60_000;

/** Deletes the windows that have ended (the rows hold client addresses: kept no longer than needed). */
export async function purgeExpiredRateLimits(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limits where expires_at < now()`.execute(db);
}

/**
 * A store for @fastify/rate-limit backed by the `rate_limits` table (migration 0017): one
 * atomic upsert per request counts it in the current window of its key, or starts a new
 * window when the old one has ended, and returns the count and the time left, by the
 * database's clock (one clock for every instance). A route's key is its method and URL, or
 * its `groupId` for routes that share one budget (the plugin adds the group to the client's
 * key; its own stores keep one count per route even then).
 */
export function postgresRateLimitStore(db: Kysely<Database>) {
  let nextPurge = 0;

  const incrFor =
    (scope: string): Incr =>
    (key, callback, timeWindow) => {
      const now = Date.now();
      const purge = now >= nextPurge;
      if (purge) nextPurge = now + PURGE_INTERVAL_MS;
      (async () => {
        if (purge) await purgeExpiredRateLimits(db);
        const { rows } = await sql<{ count: number; ttl: number }>`
          insert into rate_limits as r (key, count, expires_at)
          values (${`${scope} ${key}`}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when r.expires_at <= now() then 1 else r.count + 1 end,
            expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
          returning r.count, ceil(extract(epoch from r.expires_at - now()) * 1000)::integer as ttl`.execute(
          db,
        );
        const [row] = rows;
        return { current: row!.count, ttl: Math.max(0, row!.ttl) };
      })().then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly incr: Incr;
    constructor(_options: FastifyRateLimitOptions, scope = '') {
      this.incr = incrFor(scope);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { groupId, routeInfo } = routeOptions as unknown as ChildOptions;
      const scope = groupId ? `group:${groupId}` : `${[routeInfo.method].flat().join(',')} ${routeInfo.url}`;
      return new PostgresRateLimitStore({}, scope);
    }
  }
  return PostgresRateLimitStore;
}
