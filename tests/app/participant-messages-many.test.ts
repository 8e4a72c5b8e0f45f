import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { discardingSmtp, insertConfirmedRegistrations } from '@tests/helpers/many-recipients';
import { outboxSettled } from '@tests/helpers/outbox';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { PARTICIPANT_MESSAGE_ENDPOINTS as ENDPOINTS } from '~/features/participant-messages/messages';

/**
 * Issue 32: a message to hundreds of registrants is handed to the outbox in batches and sent
 * to each address exactly once. Whether the public pages keep their response times meanwhile
 * is measured in bench/timings/participant-messages-load.timing.ts (decision 0054).
 */
const RECIPIENTS = 150;

describe('a message to many registrants', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof discardingSmtp>>;
  let cookie: string;

  beforeAll(async () => {
    smtp = await discardingSmtp();
    t = await startTestApp('pglite', { SMTP_URL: smtp.url, MESSAGE_MAILS_PER_MINUTE: '60000' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y');
    cookie = await sessionCookie(t, admin.id);
    await insertConfirmedRegistrations(t.db, RECIPIENTS);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is handed to the outbox and sent to every address once', async () => {
    const created = await call(t, 'POST', ENDPOINTS.messages.url(), {
      cookie,
      body: {
        audience: 'confirmed',
        subject: { lt: 'Orų įspėjimas', en: 'Weather warning' },
        body: { lt: 'Šeštadienį lis. Atsiveskite lietpalčius.', en: 'Rain on Saturday. Bring raincoats.' },
      },
    });
    const { id } = (await created.json()) as { id: string };
    const send = await call(t, 'POST', ENDPOINTS.send.url({ id }), {
      cookie,
      body: { idempotencyKey: randomUUID() },
    });
    expect(send.status).toBe(200);

    // Once the outbox has settled, nothing more can arrive: each address has had one mail.
    await outboxSettled(t.db, 120_000);
    expect(smtp.recipients).toHaveLength(RECIPIENTS);
    expect(new Set(smtp.recipients).size).toBe(RECIPIENTS);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select([
        sql<number>`count(*)::int`.as('mails'),
        sql<number>`count(distinct to_address)::int`.as('addresses'),
        sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'),
      ])
      .where('template', '=', 'participant.message')
      .executeTakeFirstOrThrow();
    expect(outbox).toEqual({ mails: RECIPIENTS, addresses: RECIPIENTS, sent: RECIPIENTS });
    const message = await t.db
      .selectFrom('participant_messages')
      .select(['status', 'recipient_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ status: 'sent', recipient_count: RECIPIENTS });
  }, 180_000);
});
