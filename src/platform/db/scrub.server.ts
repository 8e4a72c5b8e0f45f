import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from './client.server';
import type { Database } from './schema';

/**
 * After an erasure, the embedded database's files must not hold what was erased
 * (docs/decisions/0032-erasure-scrubs-the-embedded-database.md). PostgreSQL keeps a deleted
 * row's bytes in its table, TOAST and index pages until they are reused, and in the WAL
 * segment that wrote them; a backup of PGlite is a copy of those files. So an erasing
 * transaction records the tables it touched (`markForScrub`); after it has committed, the
 * database's `ErasureScrubber` runs `scrubErased` off the requests' path, at most once per
 * SCRUB_INTERVAL_MS for every erasure since the last one, and always before a backup and at a
 * stop (issue 42). `scrubErased` rewrites those tables into new files (VACUUM FULL unlinks the
 * old ones), switches to a new WAL segment and checkpoints, which deletes the old segments
 * (PGlite runs with `wal_recycle=off`, client.server.ts: a recycled segment would keep its old
 * bytes). A plain VACUUM is not enough: it frees the dead rows' space without overwriting it
 * (measured: the address still in the table and index files). On PostgreSQL (DATABASE_URL)
 * backups are logical (pg_dump, live rows only): the marks are only cleared.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type ScrubTable = keyof Database;

/** Records, in the erasing transaction, that `tables` hold erased rows until scrubbed. */
export async function markForScrub(db: Db, tables: readonly ScrubTable[]): Promise<void> {
  if (tables.length === 0) return;
  await db
    .insertInto('scrub_pending')
    .values([...new Set(tables)].map((table) => ({ table_name: table })))
    .execute();
}

export interface ScrubReport {
  /** The tables rewritten (none on PostgreSQL, in memory, or when nothing was pending). */
  tables: string[];
  /** WAL segments switched through. */
  walSwitches: number;
  ms: number;
}

/** Segments a scrub may switch through: pre-allocated ones left by recycling before 0032. */
const MAX_WAL_SWITCHES = 64;

const queues = new WeakMap<DatabaseHandle, { running: Promise<unknown>; queued?: Promise<ScrubReport> }>();

/**
 * Scrubs every table marked so far, now, one scrub at a time per database. A scrub that is
 * queued but not started yet covers every erasure committed before it starts, so callers
 * arriving meanwhile share it. Safe to call when nothing is pending (one small query).
 * Erasures do not call this (they would stall every request, issue 42): they ask the
 * database's `ErasureScrubber` (below), which runs it at most once per interval.
 */
export function scrubErased(database: DatabaseHandle): Promise<ScrubReport> {
  let state = queues.get(database);
  if (!state) queues.set(database, (state = { running: Promise.resolve() }));
  const current = state;
  if (current.queued) return current.queued;
  const queued = current.running.then(() => {
    current.queued = undefined;
    return scrub(database);
  });
  current.queued = queued;
  current.running = queued.catch(() => undefined);
  return queued;
}

/** Only an embedded database on disk has files to scrub (a memory:// one has no dumpDataDir). */
const hasFiles = (database: DatabaseHandle) =>
  database.kind === 'pglite' && database.dumpDataDir !== undefined;

async function scrub(database: DatabaseHandle): Promise<ScrubReport> {
  const started = performance.now();
  const { db } = database;
  const pending = await db.selectFrom('scrub_pending').select(['id', 'table_name']).execute();
  if (pending.length === 0) return { tables: [], walSwitches: 0, ms: 0 };
  const last = Math.max(...pending.map((row) => Number(row.id)));
  const onDisk = hasFiles(database);
  const tables = onDisk ? [...new Set(pending.map((row) => row.table_name))].sort() : [];
  let walSwitches = 0;
  if (onDisk) {
    // Each statement on its own: VACUUM cannot run in a transaction. The dialect runs one
    // statement (or one request's whole transaction) at a time, so none is interleaved with these.
    // Requests get in between two of these (client.server.ts, letOthersIn): the longest one
    // waits for is the largest table's VACUUM FULL, not the whole scrub.
    for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(db);
    walSwitches = await dropOldWal(db);
  }
  // Cleared only now: a scrub cut short is done again at the next start (prepare.server.ts).
  await db.deleteFrom('scrub_pending').where('id', '<=', last).execute();
  return { tables, walSwitches, ms: Math.round(performance.now() - started) };
}

/**
 * How often, at most, an erasure's scrub runs on the embedded database (decision 0032,
 * addendum 2026-11-28): a scrub of a site with 2,500 registrations holds the server's thread
 * for about half a second, so however many erasures arrive, that happens at most once in
 * this interval, and an erasure is out of the files at most this long after it is answered.
 */
export const SCRUB_INTERVAL_MS = 5 * 60_000;

/** When the deferred scrub runs: real timers, or a test's hand-driven clock. */
export interface ScrubClock {
  now: () => number;
  /** Runs `run` after `ms`; the answer cancels it. */
  after: (ms: number, run: () => void) => () => void;
}

const realScrubClock: ScrubClock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref(); // a pending scrub never keeps a process alive (a stop scrubs, start re-runs it)
    return () => clearTimeout(timer);
  },
};

type ErrorLog = { error: (object: object, message: string) => void };

const defaultLog: ErrorLog = { error: (object, message) => console.error(message, object) };

/**
 * The physical scrub after erasures, off the path of every request (issue 42, finding 1).
 * An erasure's transaction deletes or overwrites the rows (unreadable at once) and marks their
 * tables; `afterErasure` then only arms a timer. The scrub runs when it fires, at most once per
 * `intervalMs` (counted from the start of the previous one), and covers every erasure
 * committed before it starts: one scrub for a thousand erasures. A backup (backupStream) and
 * a stop (start.server.ts) scrub first, whatever the timer says; a start scrubs what a stop
 * left (prepare.server.ts). On PostgreSQL and in memory there are no files: the marks are
 * cleared at once (one small query).
 */
export class ErasureScrubber {
  private cancel: (() => void) | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private marked = false;
  private stopped = false;
  private running: Promise<ScrubReport> | undefined;
  private listeners: ((report: ScrubReport) => void)[] = [];
  private finished = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private options: { intervalMs: number; clock: ScrubClock; log: ErrorLog } = {
      intervalMs: SCRUB_INTERVAL_MS,
      clock: realScrubClock,
      log: defaultLog,
    },
  ) {}

  /** Another clock, interval or log (the server's log; tests drive the clock by hand). */
  configure(options: Partial<{ intervalMs: number; clock: ScrubClock; log: ErrorLog }>): void {
    this.options = { ...this.options, ...options };
  }

  /** After an erasure has committed: its scrub follows within the interval, not before the answer. */
  async afterErasure(): Promise<void> {
    if (!hasFiles(this.database)) {
      await this.now().catch(() => undefined);
      return;
    }
    this.marked = true;
    this.arm();
  }

  /**
   * Scrubs what is marked, now (a backup, a stop, a test). Logs and rethrows a failure: its
   * marks stay, and the timer tries again after the interval.
   */
  now(): Promise<ScrubReport> {
    this.cancel?.();
    this.cancel = undefined;
    this.marked = false;
    this.lastStart = this.options.clock.now();
    const run = scrubErased(this.database).then(
      (report) => {
        this.finished++;
        for (const listener of this.listeners.splice(0)) listener(report);
        return report;
      },
      (error: unknown) => {
        this.options.log.error({ err: error }, 'scrubbing erased data failed; tried again later');
        this.marked = true;
        throw error;
      },
    );
    this.running = run;
    // An erasure committed while this one ran (or one that failed) is scrubbed by the next.
    void run
      .catch(() => undefined)
      .finally(() => {
        if (this.running === run) this.running = undefined;
        if (this.marked) this.arm();
      });
    return run;
  }

  /** Resolves when the next scrub has finished: tests wait for this event, never for time. */
  nextScrub(): Promise<ScrubReport> {
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /** Scrubs finished since the start (however many erasures they covered). */
  get runs(): number {
    return this.finished;
  }

  /** Whether erasures wait for a scrub that the timer will run. */
  get armed(): boolean {
    return this.cancel !== undefined;
  }

  /** No more timed scrubs (the database is closing); waits for one that is running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    this.cancel = undefined;
    await this.running?.catch(() => undefined);
  }

  private arm(): void {
    if (this.cancel || this.stopped || this.running) return;
    const wait = Math.max(0, this.lastStart + this.options.intervalMs - this.options.clock.now());
    this.cancel = this.options.clock.after(wait, () => {
      this.cancel = undefined;
      this.now().catch(() => undefined);
    });
  }
}

const scrubbers = new WeakMap<DatabaseHandle, ErasureScrubber>();

/** The one scrubber of a database (every erasure, backup and stop of it goes through it). */
export function erasureScrubber(database: DatabaseHandle): ErasureScrubber {
  let scrubber = scrubbers.get(database);
  if (!scrubber) scrubbers.set(database, (scrubber = new ErasureScrubber(database)));
  return scrubber;
}

/**
 * Ends the current WAL segment (its rest is written as zeros) and checkpoints: every older
 * segment, with the erased rows' inserts and page images, is deleted. Segments named after
 * the current one were pre-allocated, or recycled before wal_recycle was off and may hold
 * old records: each is switched into and out of (zeroed) too, then deleted.
 */
async function dropOldWal(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ ahead: number }>`
    select count(*)::int as ahead from pg_ls_waldir()
    where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_insert_lsn())`.execute(db);
  const switches = 1 + Math.min(Number(rows[0]?.ahead ?? 0), MAX_WAL_SWITCHES);
  for (let i = 0; i < switches; i++) {
    await sql`select pg_switch_wal()`.execute(db);
    await sql`checkpoint`.execute(db);
  }
  return switches;
}
