import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, insertOrder } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { SERVER_FEATURES } from '~/app/features.server';
import { openDatabase } from '~/platform/db/client.server';
import {
  minus,
  nextRetentionRun,
  retentionSchedule,
  runRetention,
} from '~/features/privacy-admin/retention.server';
import { createSession } from '~/platform/auth/sessions.server';
import type { Retention } from '~/platform/site-content/retention';

// Issue 14: the daily retention job purges exactly what is past the organisers' periods.

const PERIODS: Retention = {
  registrationsDays: 90,
  contactsMonths: 12,
  sponsorApplicationsMonths: 24,
  outboxDays: 30,
  auditMonths: 24,
  ordersYears: 6,
};
const SOURCES = SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []);
const DAY = 86_400_000;
const NOW = new Date();
const before = (duration: Parameters<typeof minus>[1], days: number) =>
  new Date(minus(NOW, duration).getTime() + days * DAY);

const EXPECTED = {
  registrations: 2,
  contacts: 1,
  sponsor_applications: 1,
  bbq_orders: 1,
  mail_outbox: 2,
  audit_log: 1,
  self_service_links: 2,
  sessions: 1,
  admin_invitations: 2,
};

describe.each(TEST_DATABASE_KINDS)('retention job on %s', (kind) => {
  let t: TestApp;
  const kept: Record<string, string[]> = {};
  let oldOrder: { id: string; order_number: string };

  /** For each kind, one row just past its period (due) and one just inside it (kept). */
  let round = 0;
  async function seed() {
    const db = t.db;
    round++;
    const registration = (name: string, eventEndsAt: Date | null, createdAt = NOW) =>
      db
        .insertInto('registrations')
        .values({
          first_name: name,
          last_name: 'Test',
          email: `${name}@example.com`,
          phone: '+44 7700 900000',
          participation_types: '[]',
          camping: 'tent',
          agreed_to_rules: true,
          event_ends_at: eventEndsAt,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await registration('due', before({ days: 90 }, -1));
    kept.registrations = [(await registration('kept', before({ days: 90 }, 1))).id];
    // No event end stored: a year after it was sent, then the period.
    await registration('duefallback', null, before({ days: 90, years: 1 }, -1));
    kept.registrations.push((await registration('keptfallback', null, before({ days: 90, years: 1 }, 1))).id);

    const contact = (createdAt: Date) =>
      db
        .insertInto('contacts')
        .values({
          name: 'N',
          email: 'c@example.com',
          message: 'm',
          category: 'general',
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await contact(before({ months: 12 }, -1));
    kept.contacts = [(await contact(before({ months: 12 }, 1))).id];

    const application = (createdAt: Date) =>
      db
        .insertInto('sponsor_applications')
        .values({
          company_name: 'C',
          contact_person: 'P',
          email: 's@example.com',
          sponsorship_level: 'gold',
          sponsorship_types: '[]',
          budget_range: '500-1000',
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await application(before({ months: 24 }, -1));
    kept.sponsor_applications = [(await application(before({ months: 24 }, 1))).id];

    oldOrder = await insertOrder(db, { created_at: before({ years: 6 }, -1) } as never);
    kept.bbq_orders = [(await insertOrder(db, { created_at: before({ years: 6 }, 1) } as never)).id];

    const mail = (status: 'sent' | 'failed' | 'pending', at: Date, related?: string) =>
      db
        .insertInto('mail_outbox')
        .values({
          template: 't',
          to_address: 'x@example.com',
          subject: 'New registration: Rūta',
          html_body: '<p>Rūta</p>',
          text_body: 'Rūta',
          status,
          next_attempt_at: at,
          created_at: at,
          sent_at: status === 'sent' ? at : null,
          related_table: related ? 'bbq_orders' : null,
          related_id: related ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await mail('sent', before({ days: 30 }, -1));
    await mail('failed', before({ days: 30 }, -1));
    kept.mail_outbox = [
      (await mail('sent', before({ days: 30 }, 1))).id,
      // Not yet sent: its text is still needed, however old.
      (await mail('pending', before({ days: 30 }, -5))).id,
    ];
    // The old order's confirmation: removed with the order (not counted as blanked).
    await mail('sent', before({ days: 30 }, 1), oldOrder.id);

    const audit = (createdAt: Date) =>
      db
        .insertInto('audit_log')
        .values({ actor: 'a@example.com', action: 'x', entity: 'y', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    await audit(before({ months: 24 }, -1));
    kept.audit_log = [(await audit(before({ months: 24 }, 1))).id];

    const link = (hash: string, expiresAt: Date, revoked = false) =>
      db
        .insertInto('self_service_links')
        .values({
          token_hash: `${hash}-${round}`,
          record_table: 'contacts',
          record_id: kept.contacts![0]!,
          email: 'c@example.com',
          expires_at: expiresAt,
          revoked_at: revoked ? NOW : null,
        })
        .execute();
    await link('expired', new Date(NOW.getTime() - DAY));
    await link('revoked', new Date(NOW.getTime() + DAY), true);
    await link('valid', new Date(NOW.getTime() + DAY));

    const admin = await insertAdmin(db, 'scrypt$17$8$1$x$y');
    // Invitations: one accepted and one expired over a month ago (due), one cancelled last week (kept).
    const invitation = (
      name: string,
      settled: Partial<Record<'accepted_at' | 'cancelled_at', Date>>,
      expiresAt: Date,
    ) =>
      db
        .insertInto('admin_invitations')
        .values({
          email: `${name}-${round}@example.com`,
          first_name: name,
          token_hash: `${name}-${round}`,
          expires_at: expiresAt,
          ...settled,
        })
        .execute();
    await invitation(
      'accepted',
      { accepted_at: new Date(NOW.getTime() - 40 * DAY) },
      new Date(NOW.getTime() - 35 * DAY),
    );
    await invitation('expired', {}, new Date(NOW.getTime() - 31 * DAY));
    await invitation(
      'cancelled',
      { cancelled_at: new Date(NOW.getTime() - 7 * DAY) },
      new Date(NOW.getTime() + DAY),
    );
    await createSession(db, admin.id);
    await createSession(db, admin.id);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(NOW.getTime() - 1000) })
      .where(
        'id_hash',
        '=',
        (await db.selectFrom('sessions').select('id_hash').limit(1).executeTakeFirstOrThrow()).id_hash,
      )
      .execute();
  }

  async function ids(table: 'registrations' | 'contacts' | 'sponsor_applications' | 'audit_log') {
    return (await t.db.selectFrom(table).select('id').execute()).map((row) => row.id).sort();
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.db.deleteFrom('audit_log').execute();
    await seed();
  });
  afterAll(() => t?.close());

  it('the admin page numbers: what the next run purges, and when the oldest row falls due', async () => {
    const schedule = await retentionSchedule(t.db, SOURCES, PERIODS, NOW);
    expect(schedule.nextRun).toBe(nextRetentionRun(NOW).toISOString());
    const byName = Object.fromEntries(schedule.kinds.map((k) => [k.name, k]));
    expect(byName.contacts).toMatchObject({ action: 'delete', period: { months: 12 } });
    // The next run is up to a day later: the due rows plus any falling due by then (none here).
    expect(byName.contacts!.dueAtNextRun).toBe(1);
    expect(byName.registrations!.dueAtNextRun).toBe(2);
    expect(byName.bbq_orders).toMatchObject({ action: 'anonymise', dueAtNextRun: 1 });
    expect(byName.mail_outbox).toMatchObject({ action: 'blank', dueAtNextRun: 2 });
    expect(Date.parse(byName.contacts!.oldestDue!)).toBeLessThan(NOW.getTime());
  });

  it('purges exactly the due rows; a second run changes nothing', async () => {
    const first = await runRetention(t.db, SOURCES, PERIODS, NOW);
    expect(first).toEqual({ skipped: false, removed: EXPECTED });

    expect((await ids('registrations')).sort()).toEqual(kept.registrations!.sort());
    expect(await ids('contacts')).toEqual(kept.contacts);
    expect(await ids('sponsor_applications')).toEqual(kept.sponsor_applications);
    const order = await t.db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('id', '=', oldOrder.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      order_number: oldOrder.order_number,
      total_amount: 3998,
      customer_email: 'erased',
      customer_name: '',
      customer_phone: null,
      delivery_address: null,
    });
    const young = await t.db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('id', '=', kept.bbq_orders![0]!)
      .executeTakeFirstOrThrow();
    expect(young.customer_name).toBe('Jonas Jonaitis');
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox.filter((m) => m.related_id === oldOrder.id)).toEqual([]);
    expect(
      outbox
        .filter((m) => m.text_body !== '')
        .map((m) => m.id)
        .sort(),
    ).toEqual(kept.mail_outbox!.sort());
    expect(outbox.filter((m) => m.text_body === '')).toHaveLength(2);
    expect(
      outbox.filter((m) => m.text_body === '').every((m) => m.subject === '' && m.html_body === ''),
    ).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().orderBy('created_at').execute();
    expect(audit.map((a) => a.id)).toContain(kept.audit_log![0]);
    const report = audit.filter((a) => a.action === 'retention.run');
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ actor: 'retention', details: { removed: EXPECTED } });
    expect(
      (await t.db.selectFrom('self_service_links').select('token_hash').execute()).map((l) => l.token_hash),
    ).toEqual(['valid-1']);
    expect(await t.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(1);
    expect(
      (await t.db.selectFrom('admin_invitations').select('first_name').execute()).map((i) => i.first_name),
    ).toEqual(['cancelled']);

    const second = await runRetention(t.db, SOURCES, PERIODS, NOW);
    expect(Object.values(second.removed).every((count) => count === 0)).toBe(true);
    expect(
      await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'retention.run').execute(),
    ).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('two instances at once: one purges, the totals are the same', async () => {
    await t.db.deleteFrom('audit_log').where('action', '=', 'retention.run').execute();
    await seed();
    const other = await openDatabase({ databaseUrl: t.database.url!, poolSize: 2 });
    try {
      const reports = await Promise.all([
        runRetention(t.db, SOURCES, PERIODS, NOW),
        runRetention(other.db, SOURCES, PERIODS, NOW),
      ]);
      const total: Record<string, number> = {};
      for (const report of reports)
        for (const [name, count] of Object.entries(report.removed)) total[name] = (total[name] ?? 0) + count;
      // Same `now`: only this seed's due rows, removed once between the two.
      expect(total).toEqual(EXPECTED);
      expect(
        await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'retention.run').execute(),
      ).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
