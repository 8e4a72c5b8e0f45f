import { sql, type Kysely, type Transaction } from 'kysely';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { DatabaseHandle } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { markForScrub, type ScrubTable } from '~/platform/db/scrub.server';
import type { Retention } from '~/platform/site-content/retention';
import type { Duration, RetentionReport, RetentionSchedule } from '~/platform/privacy/types';
import {
  ERASED_EMAIL,
  eraseRecords,
  scrubAfterErasure,
  type PersonalDataSource,
} from '~/platform/privacy/personal-data.server';

type Db = Kysely<Database> | Transaction<Database>;
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** The job runs every day at this hour (UTC), and once shortly after the server starts. */
const RETENTION_HOUR_UTC = 3;
const START_DELAY_MS = 60_000;
/** Any number; the same on every instance: only one of them purges at a time. */
const RETENTION_LOCK = 0x7265_7465; // "rete"

export function minus(date: Date, duration: Duration): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() - (duration.years ?? 0));
  result.setUTCMonth(result.getUTCMonth() - (duration.months ?? 0));
  result.setUTCDate(result.getUTCDate() - (duration.days ?? 0));
  return result;
}

function plus(date: Date, duration: Duration): Date {
  return minus(date, {
    years: -(duration.years ?? 0),
    months: -(duration.months ?? 0),
    days: -(duration.days ?? 0),
  });
}

/** The next daily run after `now`. */
export function nextRetentionRun(now: Date): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_HOUR_UTC),
  );
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * One kind of record the job purges: the features' sources with a retention rule, plus the
 * platform's outbox bodies and audit log. `due` gives the ids due at `now`; `oldestStart` the
 * start of the oldest row's period still to come (its due date is that plus the period).
 */
interface RetentionKind {
  name: string;
  action: 'delete' | 'anonymise' | 'blank';
  period: (retention: Retention) => Duration;
  due: (db: Db, now: Date, retention: Retention) => Promise<string[]>;
  purge: (trx: Transaction<Database>, ids: string[]) => Promise<number>;
  oldestStart: (db: Db) => Promise<Date | null>;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

function sourceKind(source: PersonalDataSource): RetentionKind | null {
  const rule = source.retention;
  if (!rule) return null;
  const table = () => (db: Db) => (db as unknown as AnyDb).selectFrom(source.table);
  const notErased = sql<boolean>`${sql.ref(source.emailColumn)} <> ${ERASED_EMAIL}`;
  return {
    name: source.table,
    action: source.erase.kind,
    period: rule.period,
    due: async (db, now, retention) => {
      const cutoff = minus(now, rule.period(retention));
      const rows = await table()(db)
        .select('id')
        .where(notErased)
        .where((eb) =>
          rule.fallback
            ? eb.or([
                eb(rule.from, '<', cutoff),
                eb.and([
                  eb(rule.from, 'is', null),
                  eb(rule.fallback.column, '<', minus(cutoff, rule.fallback.plus)),
                ]),
              ])
            : eb(rule.from, '<', cutoff),
        )
        .execute();
      return rows.map((row) => String(row.id));
    },
    purge: (trx, ids) => eraseRecords(trx, source, ids),
    oldestStart: async (db) => {
      const starts: Date[] = [];
      const main = await table()(db)
        .select((eb) => eb.fn.min(rule.from).as('start'))
        .where(notErased)
        .executeTakeFirst();
      const start = asDate(main?.start);
      if (start) starts.push(start);
      if (rule.fallback) {
        const fallback = await table()(db)
          .select((eb) => eb.fn.min(rule.fallback!.column).as('start'))
          .where(notErased)
          .where(rule.from, 'is', null)
          .executeTakeFirst();
        const fallbackStart = asDate(fallback?.start);
        if (fallbackStart) starts.push(plus(fallbackStart, rule.fallback.plus));
      }
      return starts.length ? new Date(Math.min(...starts.map(Number))) : null;
    },
  };
}

/**
 * The outbox keeps who each e-mail went to (with its record, erased with it) but not what it
 * said: subject and bodies are blanked `outboxDays` after sending (the organisers' notices
 * carry the sender's name in the subject); failed ones count from when they were queued.
 */
const outboxKind: RetentionKind = {
  name: 'mail_outbox',
  action: 'blank',
  period: (r) => ({ days: r.outboxDays }),
  due: async (db, now, r) => {
    const cutoff = minus(now, { days: r.outboxDays });
    const rows = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('text_body', '<>', '')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', cutoff)]),
          eb.and([eb('status', '=', 'failed'), eb('created_at', '<', cutoff)]),
        ]),
      )
      .execute();
    return rows.map((row) => row.id);
  },
  purge: async (trx, ids) =>
    ids.length === 0
      ? 0
      : Number(
          (
            await trx
              .updateTable('mail_outbox')
              .set({ subject: '', html_body: '', text_body: '' })
              .where('id', 'in', ids)
              .executeTakeFirst()
          ).numUpdatedRows,
        ),
  oldestStart: async (db) => {
    const row = await db
      .selectFrom('mail_outbox')
      .select((eb) =>
        eb.fn.min(sql<Date>`case when status = 'sent' then sent_at else created_at end`).as('start'),
      )
      .where('text_body', '<>', '')
      .where('status', 'in', ['sent', 'failed'])
      .executeTakeFirst();
    return asDate(row?.start);
  },
};

const auditKind: RetentionKind = {
  name: 'audit_log',
  action: 'delete',
  period: (r) => ({ months: r.auditMonths }),
  due: async (db, now, r) => {
    const rows = await db
      .selectFrom('audit_log')
      .select('id')
      .where('created_at', '<', minus(now, { months: r.auditMonths }))
      .execute();
    return rows.map((row) => row.id);
  },
  purge: async (trx, ids) =>
    ids.length === 0
      ? 0
      : Number((await trx.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst()).numDeletedRows),
  oldestStart: async (db) =>
    asDate(
      (
        await db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.min('created_at').as('start'))
          .executeTakeFirst()
      )?.start,
    ),
};

/** Days an accepted, cancelled or expired admin invitation is kept (its e-mail address with it). */
const INVITATION_DAYS = 30;

/** Every kind the job purges, in the order it purges them. */
function retentionKinds(sources: readonly PersonalDataSource[]): RetentionKind[] {
  return [...sources.flatMap((source) => sourceKind(source) ?? []), outboxKind, auditKind];
}

/**
 * Purges everything due at `now` in one transaction, under a transaction-scoped advisory lock
 * (two instances at once: one purges, the other skips). Idempotent: what is purged is no
 * longer due (deleted, or anonymised/blanked and excluded). Writes one audit entry, by
 * 'retention', with the counts, when something was removed, and marks those tables for the
 * scrub (`retentionJob` asks for it after the commit).
 */
export async function runRetention(
  db: Kysely<Database>,
  sources: readonly PersonalDataSource[],
  retention: Retention,
  now: Date = new Date(),
  actor: AuditActor = { id: null, label: 'retention' },
): Promise<RetentionReport> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return { skipped: true, removed: {} };
    const removed: Record<string, number> = {};
    for (const kind of retentionKinds(sources)) {
      removed[kind.name] = await kind.purge(trx, await kind.due(trx, now, retention));
    }
    removed.self_service_links = Number(
      (
        await trx
          .deleteFrom('self_service_links')
          .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', 'is not', null)]))
          .executeTakeFirst()
      ).numDeletedRows,
    );
    removed.sessions = Number(
      (await trx.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows,
    );
    // Admin invitations hold the invitee's address: kept a month after they were settled.
    const settled = minus(now, { days: INVITATION_DAYS });
    removed.admin_invitations = Number(
      (
        await trx
          .deleteFrom('admin_invitations')
          .where((eb) =>
            eb.or([
              eb('accepted_at', '<', settled),
              eb('cancelled_at', '<', settled),
              eb.and([
                eb('accepted_at', 'is', null),
                eb('cancelled_at', 'is', null),
                eb('expires_at', '<', settled),
              ]),
            ]),
          )
          .executeTakeFirst()
      ).numDeletedRows,
    );
    // Every kind's name is its table: those it removed from are scrubbed after the commit.
    const touched = Object.entries(removed).filter(([, count]) => count > 0);
    await markForScrub(
      trx,
      touched.map(([table]) => table as ScrubTable),
    );
    if (touched.length > 0)
      await writeAudit(trx, actor, {
        action: 'retention.run',
        entity: 'retention',
        details: { removed },
      });
    return { skipped: false, removed };
  });
}

/**
 * The job as the timer and the admin's "run now" run it: `runRetention`, then it asks for the
 * scrub of what it removed from the embedded database's files, which follows off the
 * request's path (decision 0032 and its addendum).
 */
export async function retentionJob(
  database: DatabaseHandle,
  sources: readonly PersonalDataSource[],
  retention: Retention,
  { now = new Date(), actor }: { now?: Date; actor?: AuditActor } = {},
): Promise<RetentionReport> {
  const report = await runRetention(database.db, sources, retention, now, actor);
  await scrubAfterErasure(database);
  return report;
}

/** What the admin page shows: each kind's period, what the next run purges, the oldest due date. */
export async function retentionSchedule(
  db: Kysely<Database>,
  sources: readonly PersonalDataSource[],
  retention: Retention,
  now: Date = new Date(),
): Promise<RetentionSchedule> {
  const nextRun = nextRetentionRun(now);
  const kinds = await Promise.all(
    retentionKinds(sources).map(async (kind) => {
      const period = kind.period(retention);
      const start = await kind.oldestStart(db);
      return {
        name: kind.name,
        action: kind.action,
        period,
        dueAtNextRun: (await kind.due(db, nextRun, retention)).length,
        oldestDue: start ? plus(start, period).toISOString() : null,
      };
    }),
  );
  return { nextRun: nextRun.toISOString(), kinds };
}

/**
 * Runs the job daily at RETENTION_HOUR_UTC and once a minute after the start (a server that
 * is off at that hour still purges). Timers are unref'd; `stop` waits for a run under way.
 */
export class RetentionTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly run: () => Promise<RetentionReport>,
    private readonly log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  ) {}

  start(firstDelayMs = START_DELAY_MS) {
    this.schedule(firstDelayMs);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run().then(
        (report) => this.log.info(report, 'retention job ran'),
        (error: unknown) => this.log.error({ err: error }, 'retention job failed; retried at the next run'),
      );
      void this.running.then(() => {
        const now = new Date();
        this.schedule(nextRetentionRun(now).getTime() - now.getTime());
      });
    }, delayMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
