import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '~/platform/db/schema';
import type { Mailer } from './mailer.server';
import { mailHold } from './hold.server';
import { isMailServerFailure, MailServerOutageLog } from './outage-log.server';
import { CoalescedPasses } from './passes.server';

export interface MailWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  /** Tries before a mail is marked failed (MAIL_MAX_ATTEMPTS: together about 34 hours). */
  maxAttempts?: number;
  /** Delay before retry n (1-based); exponential by default: 30 s, 1 min, 2 min … 1 h. */
  backoffMs?: (attempt: number) => number;
  batchSize?: number;
  /** The clock of the outage log's reminders (tests). */
  now?: () => number;
}

/** How long a claimed row stays with its sender; far longer than one SMTP exchange may take. */
export const SEND_LEASE_MS = 5 * 60_000;

/** The database's clock plus `ms` (statement time, so a long batch doesn't stretch leases). */
const databaseNowPlus = (ms: number) => sql<Date>`statement_timestamp() + ${ms} * interval '1 millisecond'`;

/** Delay before retry n: 30 s, 1 min, 2 min … then every hour. */
const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Tries before a mail is given up as failed. With the default backoff they span about 34
 * hours, so an SMTP outage of a day loses nothing (it used to be 8 tries, about an hour).
 * A failed mail can still be sent again from the admin area (retryMail).
 */
export const MAIL_MAX_ATTEMPTS = 40;

/** How long a mail keeps being retried: the sum of the delays between its tries. */
export function retrySpanMs(maxAttempts = MAIL_MAX_ATTEMPTS, backoff = defaultBackoff): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt++) total += backoff(attempt);
  return total;
}

/** Pending mail older than this, or a lease run out, shows as stuck on the dashboard. */
export const STUCK_AFTER_MS = 60 * 60_000;

/**
 * Sends queued e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so several server
 * instances never send the same row; each row is marked sent right after SMTP accepts it.
 * A failed send is retried with exponential backoff until `maxAttempts`, then marked failed
 * with the error (the admin area shows it and can resend).
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly passes = new CoalescedPasses({
    step: async () => (await this.sendBatch()) > 0,
    stopped: () => this.stopped,
    onError: (error) => this.opts.log.error({ err: error }, 'mail worker pass failed'),
  });
  private stopped = true;
  private readonly opts: Required<Omit<MailWorkerOptions, 'log'>> & Pick<MailWorkerOptions, 'log'>;
  private readonly outage: MailServerOutageLog;

  constructor(options: MailWorkerOptions) {
    this.opts = {
      pollMs: 5_000,
      maxAttempts: MAIL_MAX_ATTEMPTS,
      backoffMs: defaultBackoff,
      batchSize: 10,
      now: Date.now,
      ...options,
    };
    this.outage = new MailServerOutageLog(this.opts.log, this.opts.now);
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (!this.opts.mailer.enabled) {
      const { count } = await this.opts.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      this.opts.log.warn(
        `SMTP_URL is not set: e-mails stay in the outbox (${count} waiting) and can be read in the admin area.`,
      );
      return;
    }
    // Mail queued while we were down goes out now, not after the first poll interval.
    void this.runOnce().finally(() => this.schedule());
  }

  /** Process due mail now (called after a record with mail is stored). */
  wake(): void {
    if (this.stopped) return;
    if (!this.opts.mailer.enabled) {
      this.opts.log.info('e-mail queued; SMTP_URL is not set, so it stays in the outbox');
      return;
    }
    void this.runOnce();
  }

  /**
   * Stops polling and waits for mail being sent right now. With `drainMs` (shutdown), it
   * then also sends the mail that is due, such as what the last requests just queued, for
   * at most that long: a slow SMTP server cannot hold shutdown up, and whatever is left
   * stays in the outbox for the next start.
   */
  async stop(drainMs = 0): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (drainMs <= 0) return this.passes.current;
    const drain = (async () => {
      await this.passes.current;
      if (!this.opts.mailer.enabled) return;
      const deadline = Date.now() + drainMs;
      while (Date.now() < deadline && (await this.sendBatch()) > 0) {
        // keep going while there is due mail
      }
    })().catch((error: unknown) => this.opts.log.error({ err: error }, 'mail drain at shutdown failed'));
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), drainMs);
    });
    if ((await Promise.race([drain, timedOut])) === 'timeout') {
      this.opts.log.warn(
        `mail still being sent after ${drainMs} ms at shutdown: the rest stays in the outbox`,
      );
    }
    clearTimeout(timeout);
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().finally(() => this.schedule()), this.opts.pollMs);
    this.timer.unref();
  }

  /** One pass over due mail; concurrent calls coalesce into one extra pass. */
  runOnce(): Promise<void> {
    return this.passes.run();
  }

  private async sendBatch(): Promise<number> {
    const { db, mailer, from, log, maxAttempts, backoffMs, batchSize } = this.opts;
    // Held after a restore or a copy (hold.server.ts): nothing goes out until an owner decides.
    if (await mailHold(db)) return 0;
    // A claimed row carries a lease in next_attempt_at: if this process dies while sending,
    // another pass (here or on another instance) takes the row over once the lease is over.
    // Rows being sent right now are never touched, so a restart never sends them twice.
    // Times come from the database clock: rows are queued with its now() (microseconds), and
    // comparing them with this process's clock (milliseconds, maybe skewed) could miss them.
    const claimed = await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: databaseNowPlus(SEND_LEASE_MS),
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', 'in', ['pending', 'sending'])
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('created_at')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();

    for (const mail of claimed) {
      try {
        await mailer.send({
          from,
          to: mail.to_address,
          replyTo: mail.reply_to,
          subject: mail.subject,
          html: mail.html_body,
          text: mail.text_body,
          attachments: mail.attachments,
        });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: new Date(), last_error: null })
          .where('id', '=', mail.id)
          .execute();
        log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
        this.outage.sent();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = mail.attempts >= maxAttempts;
        await db
          .updateTable('mail_outbox')
          .set({
            status: giveUp ? 'failed' : 'pending',
            last_error: message.slice(0, 1000),
            next_attempt_at: databaseNowPlus(backoffMs(mail.attempts)),
          })
          .where('id', '=', mail.id)
          .execute();
        // An SMTP refusal often quotes the recipient: the log gets the reason without the address.
        if (isMailServerFailure(error) && !giveUp) this.outage.failed(withoutAddresses(message));
        else
          log.warn(
            { mailId: mail.id, attempt: mail.attempts, giveUp, error: withoutAddresses(message) },
            'mail not sent',
          );
      }
    }
    return claimed.length;
  }
}

/** The text with every e-mail address replaced (logs keep no personal data, issue 14). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]');
}
