import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp } from '@tests/helpers/test-app';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '@tests/helpers/test-database';
import { createMailer, type Mailer } from './mailer.server';
import { enqueueMail } from './outbox.server';
import { MailWorker, SEND_LEASE_MS, withoutAddresses } from './worker.server';

// Each test starts a database (and the first a whole app); on a busy machine that is slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  await expect.poll(check, { timeout: timeoutMs, interval: 50 }).toBe(true);
}

describe.each(TEST_DATABASE_KINDS)('mail delivery on %s', (kind) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.refuseNext(0);
  });

  it('a registration’s two e-mails arrive over real SMTP with both parts and the right reply-to', async () => {
    const site = await startTestApp(kind, { SMTP_URL: smtp.url, ORGANISER_EMAIL: 'team@example.org' });
    try {
      const response = await postForm(
        site.app,
        validRequests.registration.url,
        validRequests.registration.body,
      );
      expect(response.status).toBe(201);
      const messages = await smtp.waitForMessages(2);
      const confirmation = messages.find((m) => m.subject?.startsWith('Jūsų registracija gauta'))!;
      const notification = messages.find((m) => m.subject?.startsWith('Nauja registracija'))!;
      expect(confirmation.to).toMatchObject({ text: 'ruta@example.com' });
      expect(confirmation.replyTo).toMatchObject({ text: 'info@lietuviubbq.uk' });
      expect(confirmation.from?.text).toContain('no-reply@lietuviubbq.uk');
      expect(confirmation.text).toContain('Palapinėje stovyklavietėje');
      expect(confirmation.html).toContain('Palapinėje stovyklavietėje');
      expect(confirmation.html).toContain('ištrinti');
      expect(notification.to).toMatchObject({ text: 'team@example.org' });
      expect(notification.replyTo).toMatchObject({ text: 'ruta@example.com' });

      await waitFor(async () => {
        const rows = await site.db.selectFrom('mail_outbox').select('status').execute();
        return rows.every((row) => row.status === 'sent');
      });
      const rows = await site.db.selectFrom('mail_outbox').selectAll().execute();
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
        expect(row.sent_at).toBeInstanceOf(Date);
      }
    } finally {
      await site.close();
    }
  });

  describe('worker', () => {
    let database: TestDatabase;
    let mailer: Mailer;
    const workers: MailWorker[] = [];

    beforeEach(async () => {
      database = await createTestDatabase(kind);
      mailer = createMailer(smtp.url);
    });
    afterEach(async () => {
      for (const worker of workers.splice(0)) await worker.stop();
      mailer.close();
      await database.drop();
    });

    function newWorker(options: { maxAttempts?: number; backoffMs?: (attempt: number) => number } = {}) {
      const worker = new MailWorker({
        db: database.handle.db,
        mailer,
        from: 'Test <no-reply@example.org>',
        log: quietLog,
        pollMs: 100,
        backoffMs: () => 150,
        ...options,
      });
      workers.push(worker);
      return worker;
    }

    async function queue(count: number, prefix: string) {
      for (let i = 1; i <= count; i++) {
        await enqueueMail(database.handle.db, {
          template: 'test',
          to: `person${i}@example.org`,
          subject: `${prefix} ${i}`,
          html: `<p>${prefix} ${i}</p>`,
          text: `${prefix} ${i}`,
        });
      }
    }

    const statuses = async () =>
      await database.handle.db
        .selectFrom('mail_outbox')
        .select(['subject', 'status', 'attempts', 'last_error'])
        .orderBy('subject')
        .execute();

    it('retries after the SMTP server first refuses, then marks the mail sent', async () => {
      smtp.refuseNext(1);
      await queue(1, 'Retry');
      const worker = newWorker();
      // One pass by hand: the server refuses, the mail waits for its retry with the error.
      await worker.runOnce();
      const afterRefusal = (await statuses())[0]!;
      expect(afterRefusal).toMatchObject({ status: 'pending', attempts: 1 });
      expect(afterRefusal.last_error).toMatch(/451|Try again later/);
      expect(smtp.messages).toHaveLength(0);

      // The running worker retries on its own after the backoff.
      await worker.start();
      await smtp.waitForMessages(1);
      await waitFor(async () => (await statuses())[0]!.status === 'sent');
      expect(await statuses()).toEqual([
        { subject: 'Retry 1', status: 'sent', attempts: 2, last_error: null },
      ]);
      expect(smtp.messages.map((m) => m.subject)).toEqual(['Retry 1']);
    });

    it('gives up after the last attempt and keeps the error', async () => {
      smtp.refuseNext(10);
      await queue(1, 'Doomed');
      const worker = newWorker({ maxAttempts: 2, backoffMs: () => 0 });
      await worker.runOnce();
      expect((await statuses())[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await worker.runOnce();
      expect((await statuses())[0]).toMatchObject({
        status: 'failed',
        attempts: 2,
        last_error: expect.stringMatching(/451|Try again/),
      });
      await worker.runOnce();
      expect((await statuses())[0]).toMatchObject({ status: 'failed', attempts: 2 });
      expect(smtp.messages).toHaveLength(0);
    });

    it('sends each mail exactly once across a worker restart', async () => {
      await queue(3, 'Before');
      smtp.refuseNext(1); // one of them is still waiting for its retry when the worker stops
      const first = newWorker();
      await first.start();
      await smtp.waitForMessages(2);
      await first.stop();

      await queue(2, 'After');
      const second = newWorker();
      await second.start();
      await smtp.waitForMessages(5);
      await waitFor(async () => (await statuses()).every((row) => row.status === 'sent'));
      // Two more passes of the running worker (the first one stopped): anything it would
      // (wrongly) send again is sent and received before each pass ends.
      await second.runOnce();
      await second.runOnce();
      const subjects = smtp.messages.map((m) => m.subject).sort();
      expect(subjects).toEqual(['After 1', 'After 2', 'Before 1', 'Before 2', 'Before 3']);
    });

    it('leaves a mail another instance is sending alone, and takes it over when that lease runs out', async () => {
      await queue(2, 'Leased');
      const db = database.handle.db;
      // Both rows were claimed by an instance that then died: one lease is still running,
      // the other has run out.
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: 1, next_attempt_at: new Date(Date.now() + SEND_LEASE_MS) })
        .where('subject', '=', 'Leased 1')
        .execute();
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: 1, next_attempt_at: new Date(Date.now() - 1000) })
        .where('subject', '=', 'Leased 2')
        .execute();
      const worker = newWorker();
      await worker.start();
      await smtp.waitForMessages(1);
      // Another pass: the running lease is still left alone.
      await worker.runOnce();
      expect(smtp.messages.map((m) => m.subject)).toEqual(['Leased 2']);
      expect(await statuses()).toMatchObject([
        { subject: 'Leased 1', status: 'sending' },
        { subject: 'Leased 2', status: 'sent', attempts: 2 },
      ]);
    });

    it('at shutdown sends the mail that is due, more than one batch, before it stops', async () => {
      await queue(25, 'Drain');
      const worker = newWorker(); // never started: only the shutdown drain sends
      await worker.stop(10_000);
      expect(smtp.messages).toHaveLength(25);
      expect((await statuses()).every((row) => row.status === 'sent')).toBe(true);
    });

    it('at shutdown waits at most the drain time for a hanging SMTP server', async () => {
      // Accepts connections and never says a word (no SMTP greeting).
      const sockets: Socket[] = [];
      const silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      const hanging = createMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
      try {
        await queue(1, 'Stuck');
        const worker = new MailWorker({
          db: database.handle.db,
          mailer: hanging,
          from: 'x@example.org',
          log: quietLog,
        });
        // Stopped while the server has not said a word: it did not wait for the send to end
        // (how long it took is no matter here).
        await worker.stop(300);
        expect((await statuses())[0]).toMatchObject({ status: 'sending' }); // still with its sender
      } finally {
        for (const socket of sockets) socket.destroy(); // the send fails and the row is released
        await waitFor(async () => (await statuses())[0]!.status === 'pending');
        hanging.close();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('without SMTP the mail stays queued and a warning says so', async () => {
      await queue(2, 'Queued');
      const warnings: string[] = [];
      const worker = new MailWorker({
        db: database.handle.db,
        mailer: createMailer(undefined),
        from: 'x@example.org',
        log: { ...quietLog, warn: (message: unknown) => void warnings.push(String(message)) },
        pollMs: 50,
      });
      workers.push(worker);
      await worker.start();
      worker.wake();
      await worker.stop(); // waits for a pass under way, if the wake-up (wrongly) began one
      expect((await statuses()).map((row) => row.status)).toEqual(['pending', 'pending']);
      expect(warnings.join('\n')).toContain('2 waiting');
    });
  });
});

describe('withoutAddresses', () => {
  it('keeps the SMTP reason and drops the recipient', () => {
    expect(withoutAddresses('550 5.1.1 <ruta.z@example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <[address]>: Recipient address rejected',
    );
    expect(withoutAddresses('no address here')).toBe('no address here');
  });
});
