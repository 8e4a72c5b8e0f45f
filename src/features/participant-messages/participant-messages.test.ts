import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRows, call, insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { outboxSettled } from '@tests/helpers/outbox';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import {
  type DraftInput,
  type MessageRow,
  type MessagesAnswer,
  PARTICIPANT_MESSAGE_ENDPOINTS as ENDPOINTS,
  type PreviewAnswer,
} from './messages';

// Issue 32, messages to participants: organisers write one message in both languages, pick a
// group of the edition's registrations and send it; each person gets it once, in their own
// language, through the outbox, whatever is clicked twice or retried.

const DRAFT: DraftInput = {
  audience: 'registered',
  subject: { lt: 'Orų įspėjimas {{year}}', en: 'Weather warning {{year}}' },
  body: {
    lt: 'Šeštadienį lis.\nAtsiveskite lietpalčius.\n\nIki pasimatymo <b>prie ežero</b>!',
    en: 'Rain on Saturday.\nBring raincoats.\n\nSee you <b>by the lake</b>!',
  },
};

describe.each(TEST_DATABASE_KINDS)('messages to participants (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let cookie: string;
  let adminId: string;
  let otherCookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Slots 1 ms apart: the suite does not wait for the throttle (its own test below does).
    t = await startTestApp(kind, { SMTP_URL: smtp.url, MESSAGE_MAILS_PER_MINUTE: '60000' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'ruta@example.com' });
    adminId = admin.id;
    cookie = await sessionCookie(t, admin.id);
    const other = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'tomas@example.com' });
    otherCookie = await sessionCookie(t, other.id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('participant_messages').execute();
    await t.db.deleteFrom('mail_outbox').execute();
    await t.db.deleteFrom('registrations').execute();
    smtp.messages.length = 0;
  });

  const api = (method: string, path: string, body?: unknown, session = cookie) =>
    call(t, method, path, { cookie: session, body });
  const createDraft = async (draft: DraftInput = DRAFT) => {
    const response = await api('POST', ENDPOINTS.messages.url(), draft);
    expect(response.status).toBe(201);
    return (await response.json()) as MessageRow;
  };
  const send = (id: string, key: string = randomUUID(), session = cookie) =>
    api('POST', ENDPOINTS.send.url({ id }), { idempotencyKey: key }, session);
  const progress = async (id: string) =>
    ((await (await api('GET', ENDPOINTS.message.url({ id }))).json()) as MessageRow).progress;
  /** Until every mail of the message has left (or failed). */
  const delivered = async (id: string, total: number) => {
    await expect
      .poll(
        async () => {
          const now = await progress(id);
          return now.total === total && now.queued === 0;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    return progress(id);
  };
  const received = (email: string) =>
    smtp.messages.filter((mail) => JSON.stringify(mail.to ?? '').includes(email));

  it('each group and its count: confirmed, all registered (the waiting list not included, issue 43), waiting list, camping, arrived and not arrived at the gate (issue 48); one per address, this edition only', async () => {
    await insertRegistration(t.db, { email: 'new-tent@example.com', status: 'new', camping: 'tent' });
    await insertRegistration(t.db, { email: 'conf-tent@example.com', status: 'confirmed', camping: 'tent' });
    await insertRegistration(t.db, {
      email: 'conf-day@example.com',
      status: 'confirmed',
      camping: 'day_only',
    });
    // The same address twice: one message.
    await insertRegistration(t.db, { email: 'Twice@example.com', status: 'confirmed', camping: 'nearby' });
    await insertRegistration(t.db, { email: 'twice@example.com', status: 'new', camping: 'nearby' });
    await insertRegistration(t.db, { email: 'gone@example.com', status: 'cancelled', camping: 'tent' });
    await insertRegistration(t.db, { email: 'wait@example.com', status: 'waiting', camping: 'tent' });
    await insertRegistration(t.db, { email: 'offered@example.com', status: 'offered', camping: 'day_only' });
    await insertRegistration(t.db, { email: 'old@example.com', status: 'confirmed', edition: null });
    // Two parties ticked at the gate, through the check-in screen's API.
    for (const email of ['conf-tent@example.com', 'conf-day@example.com']) {
      const { id } = await t.db
        .selectFrom('registrations')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const ticked = await api('POST', '/api/check-in/arrivals', {
        registrationId: id,
        adults: 1,
        children: 0,
        tents: 0,
      });
      expect(ticked.status, await ticked.clone().text()).toBe(201);
    }

    const answer = (await (await api('GET', ENDPOINTS.messages.url())).json()) as MessagesAnswer;
    // Registrations and the addresses they make (Twice@ and twice@ are one).
    expect(answer.counts).toEqual({
      confirmed: { registrations: 3, addresses: 3 },
      registered: { registrations: 5, addresses: 4 },
      waiting: { registrations: 2, addresses: 2 },
      camping: { registrations: 2, addresses: 2 },
      arrived: { registrations: 2, addresses: 2 },
      notArrived: { registrations: 3, addresses: 2 },
    });

    const expected = {
      confirmed: ['conf-day@example.com', 'conf-tent@example.com', 'twice@example.com'],
      registered: [
        'conf-day@example.com',
        'conf-tent@example.com',
        'new-tent@example.com',
        'twice@example.com',
      ],
      // Those still waiting are never told to come (issue 43).
      waiting: ['offered@example.com', 'wait@example.com'],
      camping: ['conf-tent@example.com', 'new-tent@example.com'],
      arrived: ['conf-day@example.com', 'conf-tent@example.com'],
      // Registered and not ticked: the waiting list is not expected at the gate.
      notArrived: ['new-tent@example.com', 'twice@example.com'],
    } as const;
    for (const [audience, addresses] of Object.entries(expected)) {
      const message = await createDraft({ ...DRAFT, audience: audience as DraftInput['audience'] });
      const sent = (await (await send(message.id)).json()) as MessageRow;
      expect(sent.status, audience).not.toBe('draft');
      expect(sent.progress.total, audience).toBe(addresses.length);
      await delivered(message.id, addresses.length);
      const to = await t.db
        .selectFrom('participant_message_recipients as r')
        .innerJoin('mail_outbox as o', 'o.id', 'r.outbox_id')
        .select('o.to_address')
        .where('r.message_id', '=', message.id)
        .execute();
      expect(to.map((row) => row.to_address.toLowerCase()).sort(), audience).toEqual(addresses);
    }
  });

  it('each person in their own language, once, through the outbox; progress and audit follow', async () => {
    const lina = await insertRegistration(t.db, { email: 'lina@example.com', language: 'lt' });
    await insertRegistration(t.db, { email: 'brian@example.com', language: 'en' });
    const message = await createDraft();
    expect(message.status).toBe('draft');
    const response = await send(message.id);
    expect(response.status).toBe(200);
    expect(await delivered(message.id, 2)).toEqual({ total: 2, sent: 2, queued: 0, failed: 0 });
    await smtp.waitForMessages(2);

    const [lt] = received('lina@example.com');
    const [en] = received('brian@example.com');
    expect(lt!.subject).toMatch(/^Orų įspėjimas 20\d\d$/);
    expect(lt!.text).toContain('Šeštadienį lis.\nAtsiveskite lietpalčius.');
    expect(en!.subject).toMatch(/^Weather warning 20\d\d$/);
    expect(en!.text).toContain('See you <b>by the lake</b>!');
    // Plain text only: what looks like markup is shown, never taken as HTML.
    expect(en!.html).toContain('See you &lt;b&gt;by the lake&lt;/b&gt;!');
    expect(en!.html).not.toContain('<b>by the lake</b>');
    expect(en!.replyTo?.text).toContain(t.config.ORGANISER_EMAIL);
    expect(smtp.messages).toHaveLength(2);

    // Each mail is about its registration (so erasure and the person's export find it).
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox.find((mail) => mail.to_address === 'lina@example.com')?.related_id).toBe(lina.id);
    const done = (await (await api('GET', ENDPOINTS.message.url({ id: message.id }))).json()) as MessageRow;
    expect(done.status).toBe('sent');
    expect(done.queued_at).not.toBeNull();

    const audit = await auditRows(t.db, message.id);
    expect(audit.map((row) => row.action)).toEqual([
      'participant_message.create',
      'participant_message.send',
    ]);
    expect(audit[1]).toMatchObject({
      actor_admin_id: adminId,
      details: { recipients: 2, audience: 'registered' },
    });
  });

  it('a double click, a retry, two organisers at once: one mail each; a sent message cannot change', async () => {
    for (let i = 0; i < 6; i++)
      await insertRegistration(t.db, { email: `p${i}@example.com`, language: i % 2 ? 'en' : 'lt' });
    const message = await createDraft();
    const key = randomUUID();
    const answers = await Promise.all([
      send(message.id, key),
      send(message.id, key),
      send(message.id, randomUUID(), otherCookie),
      send(message.id, randomUUID()),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // The two with one key are one request (both answered); any other send is refused.
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted === 2 || accepted === 1).toBe(true);
    expect(statuses.filter((status) => status === 409).length).toBe(4 - accepted);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toMatchObject({
        error: 'message_already_sent',
        message: 'participantMessages:errors.alreadySent',
      });
    // The same request once more, later: answered, nothing more queued.
    const winner = (await t.db
      .selectFrom('participant_messages')
      .select('send_key')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow())!.send_key!;
    expect((await send(message.id, winner)).status).toBe(200);

    await delivered(message.id, 6);
    await outboxSettled(t.db); // what the server has now is all it gets
    expect(smtp.messages).toHaveLength(6);
    for (let i = 0; i < 6; i++) expect(received(`p${i}@example.com`), `p${i}`).toHaveLength(1);
    expect(
      (await auditRows(t.db, message.id)).filter((row) => row.action === 'participant_message.send'),
    ).toHaveLength(1);

    // Sending or sent: no change, no deletion.
    const changed = await api('PUT', ENDPOINTS.message.url({ id: message.id }), DRAFT);
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ message: 'participantMessages:errors.notDraft' });
    expect((await api('DELETE', ENDPOINTS.message.url({ id: message.id }))).status).toBe(409);
  });

  it('a message to nobody is refused and stays a draft', async () => {
    await insertRegistration(t.db, { status: 'confirmed' });
    const message = await createDraft({ ...DRAFT, audience: 'waiting' });
    const response = await send(message.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'participantMessages:errors.noRecipients' });
    expect((await progress(message.id)).total).toBe(0);
    const row = (await (await api('GET', ENDPOINTS.message.url({ id: message.id }))).json()) as MessageRow;
    expect(row.status).toBe('draft');
  });

  it('drafts: changed, previewed in both languages as the e-mail, deleted; bad input is a translated 400 and writes nothing', async () => {
    const message = await createDraft();
    const changed = await api('PUT', ENDPOINTS.message.url({ id: message.id }), {
      ...DRAFT,
      audience: 'camping',
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as MessageRow).audience).toBe('camping');

    const preview = await api('POST', ENDPOINTS.preview.url(), { subject: DRAFT.subject, body: DRAFT.body });
    expect(preview.status).toBe(200);
    const rendered = (await preview.json()) as PreviewAnswer;
    expect(rendered.lt.subject).toMatch(/^Orų įspėjimas 20\d\d$/);
    expect(rendered.en.html).toContain('<html lang="en">');
    expect(rendered.en.html).toContain('Rain on Saturday.<br>Bring raincoats.');
    expect(rendered.lt.text).toContain('Iki pasimatymo <b>prie ežero</b>!');

    const before = await t.db.selectFrom('participant_messages').selectAll().execute();
    for (const body of [
      {},
      { ...DRAFT, audience: 'everyone' },
      { ...DRAFT, subject: { lt: 'x', en: 'Weather' } },
      { ...DRAFT, body: { lt: 'Trumpas', en: 'x'.repeat(5001) } },
      { ...DRAFT, extra: true },
    ]) {
      const response = await api('POST', ENDPOINTS.messages.url(), body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'validation' });
    }
    const short = await api('POST', ENDPOINTS.messages.url(), {
      ...DRAFT,
      subject: { lt: 'x', en: 'Weather' },
    });
    expect(await short.json()).toMatchObject({
      fields: [{ field: 'subject.lt', message: 'participantMessages:errors.subjectShort' }],
    });
    expect((await send(message.id, 'short')).status).toBe(400);
    expect(await t.db.selectFrom('participant_messages').selectAll().execute()).toEqual(before);

    expect((await api('DELETE', ENDPOINTS.message.url({ id: message.id }))).status).toBe(200);
    expect((await api('GET', ENDPOINTS.message.url({ id: message.id }))).status).toBe(404);
    expect((await api('GET', ENDPOINTS.message.url({ id: 'nope' }))).status).toBe(404);
    // Strangers and other sites.
    expect((await call(t, 'GET', ENDPOINTS.messages.url())).status).toBe(401);
    expect(
      (
        await call(t, 'POST', ENDPOINTS.messages.url(), {
          cookie,
          body: DRAFT,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
  });

  it('erasing a person takes their recipient row and the message they were sent, not the others', async () => {
    const erased = await insertRegistration(t.db, { email: 'erase-me@example.com' });
    await insertRegistration(t.db, { email: 'keep-me@example.com' });
    const message = await createDraft();
    await send(message.id);
    await delivered(message.id, 2);
    const response = await api('POST', '/api/admin/privacy/erase', {
      email: 'erase-me@example.com',
    });
    expect(response.status).toBe(200);
    const recipients = await t.db
      .selectFrom('participant_message_recipients')
      .select('registration_id')
      .where('message_id', '=', message.id)
      .execute();
    expect(recipients.map((row) => row.registration_id)).not.toContain(erased.id);
    expect(recipients).toHaveLength(1);
    const mails = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).toEqual(['keep-me@example.com']);
    expect(await progress(message.id)).toEqual({ total: 1, sent: 1, queued: 0, failed: 0 });
  });
});

describe('messages to participants: the throttle', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // 120 a minute: one every 500 ms.
    t = await startTestApp('pglite', { SMTP_URL: smtp.url, MESSAGE_MAILS_PER_MINUTE: '120' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y');
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('spreads a message over time; a confirmation queued meanwhile goes out at once, not after it', async () => {
    for (let i = 0; i < 12; i++) await insertRegistration(t.db, { email: `slow${i}@example.com` });
    const newcomer = await insertRegistration(t.db, { email: 'newcomer@example.com', language: 'en' });
    const created = await call(t, 'POST', ENDPOINTS.messages.url(), { cookie, body: DRAFT });
    const { id } = (await created.json()) as MessageRow;
    const sendingFrom = Date.now();
    expect(
      (await call(t, 'POST', ENDPOINTS.send.url({ id }), { cookie, body: { idempotencyKey: randomUUID() } }))
        .status,
    ).toBe(200);
    // Confirming one registration (its own e-mail) while the message is being sent: once its
    // first mail has arrived.
    await smtp.waitForMessages(1);
    const confirmed = await call(t, 'POST', '/api/admin/registrations/confirm', {
      cookie,
      body: { ids: [newcomer.id] },
    });
    expect(confirmed.status).toBe(200);
    await smtp.waitForMessages(14, 20_000);
    const order = smtp.messages.map((mail) => JSON.stringify(mail.to));
    const confirmation = order.findIndex((to) => to.includes('newcomer@example.com') && !to.includes('slow'));
    const newcomerMails = smtp.messages.filter((mail) => JSON.stringify(mail.to).includes('newcomer@'));
    // The confirmation left within the first few of the message's mails, not as the last.
    expect(newcomerMails.some((mail) => /confirmed/i.test(mail.subject ?? ''))).toBe(true);
    const firstConfirmation = smtp.messages.findIndex(
      (mail) => JSON.stringify(mail.to).includes('newcomer@') && /confirmed/i.test(mail.subject ?? ''),
    );
    expect(confirmation).toBeGreaterThanOrEqual(0);
    expect(firstConfirmation).toBeLessThan(6);
    // And the message's own mails were spread: the 13th slot is 6 s after the first, and no
    // mail leaves before its slot (a late start on a busy machine only delays them). A mail is
    // marked sent just after the SMTP server took it: wait for the last mark.
    await outboxSettled(t.db);
    const sent = await t.db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('template', '=', 'participant.message')
      .orderBy('sent_at')
      .execute();
    const times = sent.map((row) => new Date(row.sent_at!).getTime());
    expect(times).toHaveLength(13);
    expect(times.at(-1)! - sendingFrom).toBeGreaterThanOrEqual(5_900);
  }, 40_000);
});
