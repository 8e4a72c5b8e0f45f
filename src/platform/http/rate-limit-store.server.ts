import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';

/**
 * Where @fastify/rate-limit counts requests. With PostgreSQL, several instances may answer
 * behind one proxy, so the counts live in the database they share (issue 28, finding 14b:
 * two instances accepted twice as many forms from one address); the embedded database is one
 * process, whose counts stay in its memory.
 *
 * Either way a route's counts are kept under its method and URL, or under its `groupId` for
 * routes that share one budget (a form's JSON endpoint and its page's post). The plugin's own
 * stores kept one count per route even for a group, so a form took its limit twice.
 */
export function rateLimitStore(database: DatabaseHandle) {
  return database.kind === 'postgres' ? postgresRateLimitStore(database.db) : memoryRateLimitStore();
}

/** Counts one request in the current window of `key`: its count and the milliseconds left. */
type Count = (key: string, timeWindowMs: number) => Promise<{ current: number; ttl: number }>;

/**
 * What the plugin really passes to `child` (its route settings merged, index.js `mergeParams`);
 * its type declaration says the route's options instead.
 */
interface ChildOptions {
  groupId?: string;
  routeInfo: { method: string | string[]; url: string };
}

/** A store class for the plugin around `count`, with each route's (or group's) keys apart. */
function storeCounting(count: Count) {
  class ScopedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = '',
    ) {}
    incr: FastifyRateLimitStore['incr'] = (key, callback, timeWindow) => {
      count(`${this.scope} ${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    };
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { groupId, routeInfo } = routeOptions as unknown as ChildOptions;
      const scope = groupId ? `group:${groupId}` : `${[routeInfo.method].flat().join(',')} ${routeInfo.url}`;
      return new ScopedRateLimitStore({}, scope);
    }
  }
  return ScopedRateLimitStore;
}

/** Ended windows are deleted at most this often per process, by the request that finds it due. */
const PURGE_INTERVAL_MS = 60_000;

/** Deletes the windows that have ended (the rows hold client addresses: kept no longer than needed). */
export async function purgeExpiredRateLimits(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limits where expires_at < now()`.execute(db);
}

/**
 * Counts in the `rate_limits` table (migration 0018): one atomic upsert per request counts it
 * in the current window of its key, or starts a new window when the old one has ended, and
 * returns the count and the time left, by the database's clock (one clock for every instance).
 */
export function postgresRateLimitStore(db: Kysely<Database>) {
  let nextPurge = 0;
  return storeCounting(async (key, timeWindow) => {
    const now = Date.now();
    if (now >= nextPurge) {
      nextPurge = now + PURGE_INTERVAL_MS;
      await purgeExpiredRateLimits(db);
    }
    const { rows } = await sql<{ count: number; ttl: number }>`
      insert into rate_limits as r (key, count, expires_at)
      values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
      returning r.count, ceil(extract(epoch from r.expires_at - now()) * 1000)::integer as ttl`.execute(db);
    const [row] = rows;
    return { current: row!.count, ttl: Math.max(0, row!.ttl) };
  });
}

/** Windows kept in memory at most; beyond it the oldest go (as the plugin's own store caps its cache). */
const MEMORY_WINDOWS = 50_000;

/** Counts in this process's memory (the embedded database: one process). */
function memoryRateLimitStore() {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  let nextPurge = 0;
  return storeCounting(async (key, timeWindow) => {
    const now = Date.now();
    if (now >= nextPurge) {
      nextPurge = now + PURGE_INTERVAL_MS;
      for (const [old, window] of windows) if (window.expiresAt <= now) windows.delete(old);
    }
    let window = windows.get(key);
    if (!window || window.expiresAt <= now) {
      window = { count: 0, expiresAt: now + timeWindow };
      windows.delete(key); // re-inserted last: the Map's order is the windows' age
      windows.set(key, window);
      if (windows.size > MEMORY_WINDOWS) windows.delete(windows.keys().next().value!);
    }
    window.count++;
    return { current: window.count, ttl: window.expiresAt - now };
  });
}
