import type { FastifyBaseLogger } from 'fastify';

/**
 * nodemailer's codes for a failure of the mail server itself, not of one mail: it cannot be
 * reached, refuses our credentials, or breaks TLS. Every mail tried meanwhile fails the same way.
 */
const SERVER_FAILURES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
]);

export function isMailServerFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SERVER_FAILURES.has(code);
}

/** How often a lasting outage is logged again. */
export const OUTAGE_REMINDER_MS = 10 * 60_000;

/**
 * What the log says while the mail server fails: one line when it starts, one every
 * 10 minutes while it lasts (how long, how many tries failed), one when mail goes out again.
 * One line per mail and try was ~520 lines a minute per instance with SMTP unreachable, a third
 * of the log (issue 50, item 8). A mail refused for itself (a bad address) is still logged alone.
 */
export class MailServerOutageLog {
  private since: number | undefined;
  private lastLine = 0;
  private failedTries = 0;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A try failed with a server failure (`error` already without addresses). */
  failed(error: string): void {
    const now = this.now();
    this.failedTries++;
    if (this.since === undefined) {
      this.since = now;
      this.lastLine = now;
      this.log.warn({ error }, 'mail server failing: e-mails wait in the outbox and are retried');
    } else if (now - this.lastLine >= OUTAGE_REMINDER_MS) {
      this.lastLine = now;
      this.log.warn(
        { error, minutes: Math.round((now - this.since) / 60_000), failedTries: this.failedTries },
        'mail server still failing: e-mails wait in the outbox and are retried',
      );
    }
  }

  /** A mail was accepted: an outage, if there was one, is over. */
  sent(): void {
    if (this.since === undefined) return;
    this.log.info(
      { minutes: Math.round((this.now() - this.since) / 60_000), failedTries: this.failedTries },
      'mail server working again',
    );
    this.since = undefined;
    this.failedTries = 0;
  }
}
