import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { queueTestMails } from '@tests/helpers/outbox';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { createMailer } from './mailer.server';
import { MailServerOutageLog, OUTAGE_REMINDER_MS } from './outage-log.server';
import { MailWorker } from './worker.server';

/** A log that keeps its lines. */
function recordingLog() {
  const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
  const at = (level: string) => (fields: unknown, message?: string) =>
    lines.push({
      level,
      message: message ?? String(fields),
      fields: (message ? fields : {}) as Record<string, unknown>,
    });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('the mail server’s outage in the log (issue 50, item 8)', () => {
  it('one line when it starts, one every 10 minutes while it lasts, one when it ends', () => {
    let now = 1_000_000;
    const { lines, log } = recordingLog();
    const outage = new MailServerOutageLog(log, () => now);
    for (let second = 0; second < 25 * 60; second += 5) {
      now = 1_000_000 + second * 1000;
      for (let mail = 0; mail < 10; mail++) outage.failed('connect ECONNREFUSED 127.0.0.1:587');
    }
    expect(lines.map((line) => line.message)).toEqual([
      'mail server failing: e-mails wait in the outbox and are retried',
      'mail server still failing: e-mails wait in the outbox and are retried',
      'mail server still failing: e-mails wait in the outbox and are retried',
    ]);
    expect(lines[2]!.fields).toMatchObject({
      minutes: 20,
      failedTries: 10 * ((2 * OUTAGE_REMINDER_MS) / 5000) + 1,
    });
    now += 60_000;
    outage.sent();
    outage.sent();
    expect(lines.slice(3)).toEqual([
      { level: 'info', message: 'mail server working again', fields: { minutes: 26, failedTries: 3000 } },
    ]);
    outage.failed('connect ECONNREFUSED 127.0.0.1:587');
    expect(lines).toHaveLength(5); // a new outage starts its own lines
  });

  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('a worker with its SMTP server unreachable logs one line for a whole batch, not one per mail', async () => {
    database = await createTestDatabase('pglite');
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)),
    );
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    const { lines, log } = recordingLog();
    const worker = new MailWorker({
      db: database.handle.db,
      mailer,
      from: 'Test <no-reply@example.org>',
      log,
      backoffMs: () => 60_000,
    });
    try {
      await queueTestMails(database.handle.db, 25);
      // Three passes of 10 (a worker not started makes one step per pass).
      for (let pass = 0; pass < 3; pass++) await worker.runOnce();
      const rows = await database.handle.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts'])
        .execute();
      // Every mail was tried once and waits for its retry.
      expect(rows).toHaveLength(25);
      expect(rows.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
      expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
        'mail server failing: e-mails wait in the outbox and are retried',
      ]);
      expect(JSON.stringify(lines)).not.toContain('person');
    } finally {
      await worker.stop();
      mailer.close();
    }
  });
});
