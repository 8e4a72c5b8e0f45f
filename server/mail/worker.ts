import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Mailer } from './mailer';

export interface MailWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  maxAttempts?: number;
  /** Delay before retry n (1-based); exponential by default: 30 s, 1 min, 2 min … 1 h. */
  backoffMs?: (attempt: number) => number;
  batchSize?: number;
}

const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Sends queued e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so several server
 * instances never send the same row; each row is marked sent right after SMTP accepts it.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly opts: Required<Omit<MailWorkerOptions, 'log'>> & Pick<MailWorkerOptions, 'log'>;

  constructor(options: MailWorkerOptions) {
    this.opts = {
      pollMs: 5_000,
      maxAttempts: 8,
      backoffMs: defaultBackoff,
      batchSize: 10,
      ...options,
    };
  }

  async start(): Promise<void> {
    this.stopped = false;
    // Rows left 'sending' by a crash: SMTP may or may not have taken them; retry them.
    await this.opts.db
      .updateTable('mail_outbox')
      .set({ status: 'pending' })
      .where('status', '=', 'sending')
      .execute();
    if (!this.opts.mailer.enabled) {
      const { count } = await this.opts.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      this.opts.log.warn(
        `SMTP_URL is not set: e-mails stay in the outbox (${count} waiting) and can be read in the admin area.`,
      );
      return;
    }
    this.schedule();
  }

  /** Process due mail now (called after a record with mail is stored). */
  wake(): void {
    if (this.stopped || !this.opts.mailer.enabled) return;
    void this.runOnce();
  }

  /** Stops polling and waits for mail being sent right now. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().finally(() => this.schedule()), this.opts.pollMs);
    this.timer.unref();
  }

  /** One pass over due mail; concurrent calls coalesce into one extra pass. */
  runOnce(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.sendBatch()) > 0 && !this.stopped) {
            // keep going while there is due mail
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.opts.log.error({ err: error }, 'mail worker pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async sendBatch(): Promise<number> {
    const { db, mailer, from, log, maxAttempts, backoffMs, batchSize } = this.opts;
    const claimed = await db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', new Date())
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
        });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: new Date(), last_error: null })
          .where('id', '=', mail.id)
          .execute();
        log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = mail.attempts >= maxAttempts;
        await db
          .updateTable('mail_outbox')
          .set({
            status: giveUp ? 'failed' : 'pending',
            last_error: message.slice(0, 1000),
            next_attempt_at: new Date(Date.now() + backoffMs(mail.attempts)),
          })
          .where('id', '=', mail.id)
          .execute();
        log.warn({ mailId: mail.id, attempt: mail.attempts, giveUp, error: message }, 'mail not sent');
      }
    }
    return claimed.length;
  }
}
