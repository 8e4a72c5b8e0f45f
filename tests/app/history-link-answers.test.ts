import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E_MAIL_ME_REQUESTS } from '@tests/helpers/e-mail-me';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// Issue 28, finding 14c: 'E-mail me my orders' answered measurably later for an address with
// orders (it looked them up and queued the e-mail before answering): a timing oracle for who
// ordered. It now answers first and does that work after the answer. Issue 31: 'Send me my
// links' (the self-service links of an address) is held to the same. Here the behaviour: the
// answer goes out while the lookup cannot run at all (the database held by the test), and is
// the same for every address. How long each takes: bench/timings/history-link.timing.ts.

const REQUESTS = E_MAIL_ME_REQUESTS;

describe.each(TEST_DATABASE_KINDS)("'E-mail me …' answers before it looks (%s)", (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let ip = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://bbq.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const ask = (url: string, email: string) =>
    fetch(`${t.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.28.9.${++ip}` },
      body: JSON.stringify({ email, language: 'en' }),
      // Code that looked before answering would wait for the held database for ever.
      signal: AbortSignal.timeout(15_000),
    });

  it.each(REQUESTS)(
    '$name answers known and unknown addresses alike, before the lookup can run; the known ones get their e-mail',
    async (request) => {
      const known = [`known-${randomUUID()}@example.com`, `known-${randomUUID()}@example.com`];
      const unknown = [`never-${randomUUID()}@example.com`, `never-${randomUUID()}@example.com`];
      for (const email of known) await request.record(t.db, email);
      const received = smtp.messages.length;

      // The tables the lookups read are locked (PostgreSQL), and the embedded database's one
      // connection is this transaction's (PGlite): no lookup can run until it ends.
      const answers = await t.db.transaction().execute(async (trx) => {
        await sql`lock table bbq_orders, contacts in access exclusive mode`.execute(trx);
        const bodies: string[] = [];
        for (const [i, email] of known.entries()) {
          for (const asked of [email, unknown[i]!]) {
            const response = await ask(request.url, asked);
            expect(response.status).toBe(200);
            bodies.push(await response.text());
          }
        }
        // Nothing has been looked up or queued yet.
        const queued = await trx
          .selectFrom('mail_outbox')
          .select('to_address')
          .where('to_address', 'in', [...known, ...unknown])
          .execute();
        expect(queued).toEqual([]);
        return bodies;
      });
      expect(new Set(answers)).toEqual(new Set([JSON.stringify({ ok: true })]));

      // Once the database is free, every known address gets its link, and no unknown one anything.
      const messages = (await smtp.waitForMessages(received + known.length)).slice(received);
      const addresses = messages.flatMap((mail) =>
        [mail.to ?? []].flat().flatMap((to) => to.value.map((v) => v.address)),
      );
      for (const email of known) expect(addresses).toContain(email);
      for (const email of unknown) expect(addresses).not.toContain(email);
      const mail = messages.find((m) => JSON.stringify(m.to).includes(known[0]!))!;
      expect(mail.text).toMatch(request.link);
    },
  );
});
