import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import type { MessagesAnswer } from '~/features/participant-messages/messages';
import type { DailyStats } from '~/platform/admin/daily';
import type { DashboardStats } from '~/platform/admin/section';
import type { EditionCounts } from '~/platform/event/participants';

// Issue 43, item 4: one vocabulary of counts. On an edition with every status (new,
// confirmed, offered, waiting, cancelled, an offer lapsed), arrivals and a registration of
// another edition, the dashboard, the list, the chart, the messages and the CSV say the same
// numbers. Item 5: the CSV's titles on the first line, with language, confirmed at, changed
// since confirmed and arrived at.

describe.each(TEST_DATABASE_KINDS)('one vocabulary of counts (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  const confirmedAt = new Date('2026-07-01T10:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'counts@example.com' });
    cookie = await sessionCookie(t, admin.id);
    const add = async (
      first_name: string,
      values: Parameters<typeof insertRegistration>[1],
      extra: { arrived?: [number, number]; confirmed?: boolean; changedAfter?: boolean } = {},
    ) => {
      const { id } = await insertRegistration(t.db, {
        first_name,
        email: `${first_name.toLowerCase()}@example.com`,
        ...values,
      });
      if (extra.confirmed)
        await t.db
          .updateTable('registrations')
          .set({ confirmed_at: confirmedAt })
          .where('id', '=', id)
          .execute();
      if (extra.changedAfter)
        await t.db
          .insertInto('registration_changes')
          .values({
            registration_id: id,
            changed_at: new Date(confirmedAt.getTime() + 3_600_000),
            field: 'adults',
            before: '1',
            after: '2',
            changed_by: 'participant',
          })
          .execute();
      if (extra.arrived)
        await t.db
          .insertInto('check_ins')
          .values({
            registration_id: id,
            adults: extra.arrived[0],
            children: extra.arrived[1],
            tents: 0,
            arrived_at: new Date(),
            by_label: 'gate@example.com',
          })
          .execute();
      return id;
    };
    await add('Aldona', { status: 'new', camping: 'tent', adults: 2, children: 1 }, { arrived: [2, 1] });
    await add(
      'Birute',
      { status: 'confirmed', camping: 'day_only', adults: 1, children: 2, language: 'en' },
      { confirmed: true, arrived: [1, 1] },
    );
    await add(
      'Ceslovas',
      { status: 'confirmed', camping: 'nearby', adults: 2, children: 0 },
      { confirmed: true, changedAfter: true },
    );
    await add('Ieva', {
      status: 'new',
      camping: 'tent',
      adults: 1,
      children: 0,
      email: 'aldona@example.com',
    });
    await add('Dana', { status: 'offered', camping: 'tent', adults: 2, children: 0 });
    await add('Egle', { status: 'waiting', camping: 'tent', adults: 3, children: 1 });
    await add('Feliksas', { status: 'waiting', camping: 'day_only', adults: 1, children: 0 });
    await add('Gediminas', { status: 'cancelled', camping: 'tent', adults: 2, children: 2 });
    await add('Henrikas', { status: 'expired', camping: 'tent', adults: 1, children: 0 });
    // Another edition's: counted nowhere here.
    await add('Other', { status: 'confirmed', edition: null, adults: 5, children: 5 });
  });
  afterAll(() => t?.close());

  const get = async <T>(path: string): Promise<T> => {
    const response = await call(t, 'GET', path, { cookie });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('the dashboard, the list, the chart, the messages and the CSV agree', async () => {
    // The dashboard.
    const stats = (await get<DashboardStats>('/api/admin/stats')).registration as EditionCounts &
      Record<'adults' | 'children' | 'tents' | 'pitches', number>;
    expect(stats).toMatchObject({
      registrations: 4,
      people: 9,
      confirmed: 2,
      unconfirmed: 2,
      waiting: 3,
      waitingPeople: 7,
      cancelled: 2,
      arrived: 2,
      arrivedPeople: 5,
      all: 9,
      adults: 6,
      children: 3,
      tents: 2,
      // Places taken: the two tents registered and the one offered to the waiting list.
      pitches: 3,
    });
    expect(stats.registrations + stats.waiting + stats.cancelled).toBe(stats.all);
    expect(stats.adults + stats.children).toBe(stats.people);

    // The list: each filter of the vocabulary shows as many as the dashboard counts.
    const total = async (status: string) =>
      (await get<{ total: number }>(`/api/admin/registrations?status=${status}`)).total;
    expect(await total('')).toBe(stats.all);
    expect(await total('registered')).toBe(stats.registrations);
    expect(await total('confirmed')).toBe(stats.confirmed);
    expect(await total('unconfirmed')).toBe(stats.unconfirmed);
    expect(await total('waiting')).toBe(stats.waiting);
    expect(await total('cancelled')).toBe(stats.cancelled);
    expect(await total('arrived')).toBe(stats.arrived);
    // Expected at the gate and not there: everyone registered but the two who arrived.
    expect(await total('notArrived')).toBe(stats.registrations - stats.arrived);

    // The chart: its days add up to the dashboard's registered and people.
    const daily = await get<DailyStats>('/api/admin/stats/daily');
    const sum = (key: string) => daily.days.reduce((n, day) => n + (day.values.registration?.[key] ?? 0), 0);
    expect(sum('registrations')).toBe(stats.registrations);
    expect(sum('people')).toBe(stats.people);

    // The messages: each audience is the dashboard's group (registrations), one mail per address.
    const { counts } = await get<MessagesAnswer>('/api/admin/participant-messages');
    expect(counts.registered).toEqual({ registrations: stats.registrations, addresses: 3 });
    expect(counts.confirmed.registrations).toBe(stats.confirmed);
    expect(counts.waiting.registrations).toBe(stats.waiting);
    expect(counts.camping.registrations).toBe(stats.tents);
    // Issue 48: "arrived" is the edition's check-ins; "not arrived" the rest of those registered.
    expect(counts.arrived.registrations).toBe(stats.arrived);
    expect(counts.notArrived.registrations).toBe(stats.registrations - stats.arrived);

    // The CSV: its rows counted by status, people and arrival.
    const response = await call(t, 'GET', '/api/admin/registrations.csv?lang=en', { cookie });
    const rows = parse(await response.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
    const having = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.Status!));
    const registered = having('New', 'Confirmed');
    expect(rows).toHaveLength(stats.all);
    expect(registered).toHaveLength(stats.registrations);
    expect(registered.reduce((n, row) => n + Number(row.Adults) + Number(row.Children), 0)).toBe(
      stats.people,
    );
    expect(having('Confirmed')).toHaveLength(stats.confirmed);
    expect(having('Waiting list', 'Place offered')).toHaveLength(stats.waiting);
    expect(having('Cancelled', 'Offer lapsed')).toHaveLength(stats.cancelled);
    expect(rows.filter((row) => row['Arrived at'])).toHaveLength(stats.arrived);
  });

  it("the CSV's titles are its first line, with language, confirmed at, changed since confirmed and arrived at", async () => {
    const text = await (await call(t, 'GET', '/api/admin/registrations.csv?lang=en', { cookie })).text();
    const [titles] = parse(text, { bom: true, to_line: 1 }) as string[][];
    expect(titles).toEqual(
      expect.arrayContaining([
        'Received',
        'Language',
        'Status',
        'Confirmed at',
        'Changed since confirmed',
        'Arrived at',
      ]),
    );
    // The personal-data note: the title of the last, empty column.
    expect(titles!.at(-1)).toMatch(/personal data/);
    const rows = parse(text, { columns: true, bom: true }) as Array<Record<string, string>>;
    const byName = Object.fromEntries(rows.map((row) => [row['First name'], row]));
    expect(byName.Birute).toMatchObject({
      Language: 'English',
      'Confirmed at': '2026-07-01 11:00',
      'Changed since confirmed': 'No',
    });
    expect(byName.Birute!['Arrived at']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(byName.Ceslovas).toMatchObject({
      Language: 'Lithuanian',
      'Changed since confirmed': 'Yes',
      'Arrived at': '',
    });
    // Not confirmed: nothing to have changed since.
    expect(byName.Aldona).toMatchObject({ 'Confirmed at': '', 'Changed since confirmed': '' });

    const lt = await (await call(t, 'GET', '/api/admin/registrations.csv?lang=lt', { cookie })).text();
    const [ltTitles] = parse(lt, { bom: true, to_line: 1 }) as string[][];
    expect(ltTitles).toEqual(
      expect.arrayContaining(['Kalba', 'Patvirtinta', 'Keista po patvirtinimo', 'Atvyko']),
    );
    expect(ltTitles!.at(-1)).toMatch(/asmens duomenų/);
  });
});
