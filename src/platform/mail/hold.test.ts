import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueTestMails } from '@tests/helpers/outbox';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { discardHeldMail, holdMailIfMoved, mailHold, releaseHeldMail, waitingMail } from './hold.server';
import { createMailer } from './mailer.server';
import { MailWorker } from './worker.server';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Mail held after a restore or on a copied database (issue 50, item 2). */
describe('held mail', () => {
  let smtp: TestSmtp;
  let database: TestDatabase;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.messages.length = 0;
    database = await createTestDatabase('pglite');
  });
  afterEach(() => database.drop());

  const queue = (count: number) => queueTestMails(database.handle.db, count);

  it('a database opened in a new place holds its mail; its first place and the same place do not', async () => {
    const db = database.handle.db;
    expect(await holdMailIfMoved(db, 'host-a:/var/lib/bbq-weekend')).toBeUndefined();
    expect(await holdMailIfMoved(db, 'host-a:/var/lib/bbq-weekend')).toBeUndefined();
    expect(await holdMailIfMoved(db, undefined)).toBeUndefined(); // in memory: no place
    expect(await holdMailIfMoved(db, 'host-b:/srv/copy')).toMatchObject({ reason: 'moved' });
    // The hold stays until an owner decides, even back in the first place.
    expect(await holdMailIfMoved(db, 'host-a:/var/lib/bbq-weekend')).toMatchObject({ reason: 'moved' });
  });

  it('the worker sends nothing while mail is held, and the queue once released', async () => {
    const db = database.handle.db;
    await queue(3);
    await holdMailIfMoved(db, 'here');
    await holdMailIfMoved(db, 'elsewhere');
    const mailer = createMailer(smtp.url);
    const worker = new MailWorker({ db, mailer, from: 'Test <no-reply@example.org>', log: quietLog });
    try {
      await worker.runOnce();
      // The pass is over: nothing was handed to SMTP, nothing claimed.
      expect(smtp.messages).toHaveLength(0);
      expect(await waitingMail(db)).toBe(3);
      await db.transaction().execute((trx) => releaseHeldMail(trx));
      expect(await mailHold(db)).toBeUndefined();
      for (let pass = 0; pass < 3 && (await waitingMail(db)) > 0; pass++) await worker.runOnce();
      await smtp.waitForMessages(3);
      expect(await waitingMail(db)).toBe(0);
    } finally {
      await worker.stop();
      mailer.close();
    }
  });

  it('discarding marks every waiting mail failed and ends the hold', async () => {
    const db = database.handle.db;
    await queue(2);
    await holdMailIfMoved(db, 'here');
    await holdMailIfMoved(db, 'elsewhere');
    expect(await db.transaction().execute((trx) => discardHeldMail(trx))).toBe(2);
    expect(await mailHold(db)).toBeUndefined();
    const rows = await db.selectFrom('mail_outbox').select(['status', 'last_error']).execute();
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(rows[0]!.last_error).toMatch(/discarded/);
  });
});
