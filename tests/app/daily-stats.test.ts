import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyStats } from '~/platform/admin/daily';
import { call, insertAdmin, insertOrder, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// The dashboard charts' numbers: per day in Europe/London, every day of the range present.

const at = (iso: string) => new Date(iso);

describe.each(TEST_DATABASE_KINDS)('GET /api/admin/stats/daily (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y');
    cookie = await sessionCookie(t, admin.id);

    const registration = async (createdAt: string, adults: number, children: number, status = 'new') => {
      const { id } = await insertRegistration(t.db, { adults, children });
      await t.db
        .updateTable('registrations')
        .set({ created_at: at(createdAt), status } as never)
        .where('id', '=', id)
        .execute();
    };
    // 10 June: 23:30 UTC is already 11 June in London (summer time).
    await registration('2026-06-10T09:00:00Z', 2, 1);
    await registration('2026-06-10T22:59:00Z', 1, 0);
    await registration('2026-06-10T23:30:00Z', 2, 2);
    await registration('2026-06-11T12:00:00Z', 4, 0, 'cancelled');
    await registration('2026-06-20T12:00:00Z', 1, 0); // outside the range asked for

    await insertOrder(t.db, {
      created_at: at('2026-06-10T10:00:00Z'),
      payment_status: 'paid',
      total_amount: 3998,
    } as never);
    await insertOrder(t.db, {
      created_at: at('2026-06-10T11:00:00Z'),
      payment_status: 'paid',
      total_amount: 1999,
    } as never);
    await insertOrder(t.db, { created_at: at('2026-06-12T08:00:00Z'), total_amount: 5000 } as never);

    const mail = (createdAt: string, status: 'pending' | 'sent' | 'failed') =>
      t.db
        .insertInto('mail_outbox')
        .values({
          template: 'test',
          to_address: 'ona@example.com',
          subject: 'Test',
          html_body: '<p>Test</p>',
          text_body: 'Test',
          status,
          next_attempt_at: at('2099-01-01T00:00:00Z'),
          created_at: at(createdAt),
        })
        .execute();
    await mail('2026-06-10T08:00:00Z', 'sent');
    await mail('2026-06-10T09:00:00Z', 'sent');
    await mail('2026-06-11T09:00:00Z', 'failed');
    await mail('2026-06-12T09:00:00Z', 'pending');
  });
  afterAll(() => t?.close());

  const daily = (query: string, who = cookie) =>
    call(t, 'GET', `/api/admin/stats/daily${query}`, { cookie: who });

  it('counts each day in London time, zeros on days without any, cancelled registrations left out', async () => {
    const response = await daily('?from=2026-06-09&to=2026-06-12');
    expect(response.status).toBe(200);
    const stats = (await response.json()) as DailyStats;
    expect(stats.from).toBe('2026-06-09');
    expect(stats.to).toBe('2026-06-12');
    expect(stats.days.map((day) => day.date)).toEqual([
      '2026-06-09',
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
    ]);
    const byDay = Object.fromEntries(stats.days.map((day) => [day.date, day.values]));
    expect(byDay['2026-06-09']).toEqual({
      registration: { registrations: 0, people: 0 },
      shop: { orders: 0, revenuePence: 0 },
      mail: { sent: 0, queued: 0, failed: 0 },
    });
    expect(byDay['2026-06-10']).toEqual({
      registration: { registrations: 2, people: 4 },
      shop: { orders: 2, revenuePence: 5997 },
      mail: { sent: 2, queued: 0, failed: 0 },
    });
    expect(byDay['2026-06-11']).toEqual({
      registration: { registrations: 1, people: 4 },
      shop: { orders: 0, revenuePence: 0 },
      mail: { sent: 0, queued: 0, failed: 1 },
    });
    expect(byDay['2026-06-12']).toEqual({
      registration: { registrations: 0, people: 0 },
      shop: { orders: 1, revenuePence: 0 },
      mail: { sent: 0, queued: 1, failed: 0 },
    });
  });

  it('defaults to the last 30 days up to today in London', async () => {
    const stats = (await (await daily('')).json()) as DailyStats;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(stats.to).toBe(today);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)!.date).toBe(today);
  });

  it('refuses a bad range with a translated message, and anyone not signed in', async () => {
    for (const [query, field] of [
      ['?from=2026-13-01&to=2026-06-12', 'from'],
      ['?from=yesterday', 'from'],
      ['?from=2026-06-12&to=2026-06-01', 'to'],
      ['?from=2024-01-01&to=2026-01-01', 'to'],
    ] as const) {
      const response = await daily(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as {
        error: string;
        fields: Array<{ field: string; message: string }>;
      };
      expect(body.error).toBe('validation');
      expect(body.fields.find((error) => error.field === field)?.message, query).toMatch(
        /^admin:charts\.errors\./,
      );
    }
    expect((await daily('?from=2026-06-09&to=2026-06-12', '')).status).toBe(401);
  });
});
