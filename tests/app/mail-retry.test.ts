import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { createMailer, type Mailer } from '~/platform/mail/mailer.server';
import { holdMailIfMoved } from '~/platform/mail/hold.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { MAIL_MAX_ATTEMPTS, MailWorker, retrySpanMs } from '~/platform/mail/worker.server';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { FORM_NAMES, postForm, validRequests } from '@tests/helpers/forms';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 19, finding 6: after 8 tries (about an hour) a mail was marked failed for good, and
// only order confirmations could be sent again. An SMTP outage of an hour lost registration
// and contact e-mails. Now the worker keeps trying for more than a day, every failed mail
// can be sent again from the admin area (one, or all at once), and the dashboard shows
// failed and stuck mail.

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const DAY = 24 * 60 * 60_000;
const OLD_WINDOW_ATTEMPTS = 8;

describe.each(DEFAULT_TEST_DATABASE)('mail that fails (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let worker: MailWorker;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The app's own worker has no SMTP (it never sends); this test drives its own worker by hand.
    t = await startTestApp(kind);
    mailer = createMailer(smtp.url);
    worker = new MailWorker({ db: t.db, mailer, from: 'Test <no-reply@example.org>', log: quiet });
    cookie = await sessionCookie(t, (await insertAdmin(t.db, await hashPassword('mail-retry-admin'))).id);
  });
  afterAll(async () => {
    await worker?.stop();
    mailer?.close();
    await t?.close();
    await smtp?.close();
  });

  const outbox = () =>
    t.db
      .selectFrom('mail_outbox')
      .select(['id', 'template', 'status', 'attempts'])
      .orderBy('template')
      .execute();

  it('keeps trying through an SMTP outage of more than a day, on the real schedule', async () => {
    expect(retrySpanMs()).toBeGreaterThan(DAY);
    // Three forms sent while SMTP refuses everything: six mails, two of them to visitors.
    for (const form of FORM_NAMES) {
      expect((await postForm(t.app, validRequests[form].url, validRequests[form].body)).status).toBe(201);
    }
    const refusals = 30; // attempts 1..30 fail: their delays add up to more than a day
    smtp.refuseNext(6 * refusals);
    let waited = 0;
    for (let attempt = 1; attempt <= refusals; attempt++) {
      await worker.runOnce();
      const rows = await t.db
        .selectFrom('mail_outbox')
        .select([
          'status',
          'attempts',
          sql<number>`extract(epoch from next_attempt_at - now()) * 1000`.as('dueInMs'),
        ])
        .execute();
      expect(rows.every((row) => row.status === 'pending' && row.attempts === attempt)).toBe(true);
      waited += Math.min(...rows.map((row) => Number(row.dueInMs)));
      // The clock moves on to the next try (no sleeping).
      await t.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .execute();
    }
    expect(refusals).toBeGreaterThan(OLD_WINDOW_ATTEMPTS);
    expect(waited).toBeGreaterThan(DAY);
    // SMTP is back: every mail goes out, none was given up.
    await worker.runOnce();
    expect((await outbox()).map((row) => row.status)).toEqual(Array(6).fill('sent'));
    expect(smtp.messages).toHaveLength(6);
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThan(refusals);
  }, 180_000);

  it('sends failed mail of every kind again from the admin area, one or all, and the dashboard shows it', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const templates = [
      'registration.confirmation',
      'contact.acknowledgement',
      'sponsor_application.notification',
      'shop.order-history-link',
    ];
    for (const template of templates) {
      await enqueueMail(t.db, {
        template,
        to: 'person@example.org',
        subject: template,
        html: '<p>x</p>',
        text: 'x',
      });
    }
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, last_error: '421' })
      .execute();
    // One more, waiting for over an hour: stuck.
    await enqueueMail(t.db, {
      template: 'contact.notification',
      to: 'o@example.org',
      subject: 'stuck',
      html: 'x',
      text: 'x',
    });
    await sql`update mail_outbox set created_at = now() - interval '2 hours', next_attempt_at = now() + interval '1 hour'
      where status = 'pending'`.execute(t.db);

    const stats = await (await call(t, 'GET', '/api/admin/stats', { cookie })).json();
    expect(stats.admin).toEqual({ failedMail: 4, stuckMail: 1, mailHeld: 0, heldMail: 0 });

    // One by one…
    const [first] = (await outbox()).filter((row) => row.status === 'failed');
    const one = await call(t, 'POST', `/api/admin/outbox/${first!.id}/retry`, { cookie });
    expect(one.status).toBe(200);
    expect((await outbox()).find((row) => row.id === first!.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    // …or all at once.
    const all = await call(t, 'POST', '/api/admin/outbox/retry-failed', { cookie });
    expect(await all.json()).toEqual({ retried: 3 });
    // The stuck one can be sent now too.
    const stuck = (await outbox()).find((row) => row.template === 'contact.notification')!;
    expect((await call(t, 'POST', `/api/admin/outbox/${stuck.id}/retry`, { cookie })).status).toBe(200);

    await worker.runOnce();
    expect((await outbox()).map((row) => row.status)).toEqual(Array(5).fill('sent'));
    // A sent mail is not queued again; an unknown one is 404; both audited changes are there.
    expect((await call(t, 'POST', `/api/admin/outbox/${first!.id}/retry`, { cookie })).status).toBe(409);
    expect(
      (await call(t, 'POST', '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry', { cookie }))
        .status,
    ).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'mail').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['mail.retry', 'mail.retry', 'mail.retry_failed']);
    expect((await (await call(t, 'GET', '/api/admin/stats', { cookie })).json()).admin).toEqual({
      failedMail: 0,
      stuckMail: 0,
      mailHeld: 0,
      heldMail: 0,
    });
  });

  it('mail held on a copied database: the dashboard says so, and only an owner sends or discards it (issue 50, item 2)', async () => {
    const owner = await sessionCookie(
      t,
      (await insertAdmin(t.db, await hashPassword('mail-retry-owner'), { role: 'owner' })).id,
    );
    for (const n of [1, 2, 3])
      await enqueueMail(t.db, {
        template: 'test.held',
        to: `held${n}@example.org`,
        subject: `Held ${n}`,
        html: '<p>x</p>',
        text: 'x',
      });
    await holdMailIfMoved(t.db, 'the first server');
    await holdMailIfMoved(t.db, 'a copy elsewhere');
    const stats = await (await call(t, 'GET', '/api/admin/stats', { cookie })).json();
    expect(stats.admin).toMatchObject({ mailHeld: 2, heldMail: 3 });
    // The dashboard, rendered by its loader, shows the notice with both choices.
    const page = await (await call(t, 'GET', '/admin', { cookie })).text();
    expect(page).toContain('data-testid="held-mail"');
    expect(page).toContain('Laiškai sulaikyti');
    expect(page).toContain('Laukia: 3.');

    await worker.runOnce();
    expect((await outbox()).filter((row) => row.template === 'test.held').map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect((await call(t, 'POST', '/api/admin/outbox/held/release', { cookie })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/outbox/held/release', { cookie: owner })).status).toBe(200);
    expect((await call(t, 'POST', '/api/admin/outbox/held/discard', { cookie: owner })).status).toBe(409);
    for (let pass = 0; pass < 3; pass++) await worker.runOnce();
    expect((await outbox()).filter((row) => row.template === 'test.held').map((row) => row.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect((await (await call(t, 'GET', '/api/admin/stats', { cookie })).json()).admin).toMatchObject({
      mailHeld: 0,
      heldMail: 0,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'mail.held%')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['mail.held_released']);
  });
});
