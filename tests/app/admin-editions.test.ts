import { HEADCOUNTS } from '~/features/registration/admin';
import { EDITION_COUNTS } from '~/platform/event/participants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyStats } from '~/platform/admin/daily';
import type { EditionChoices } from '~/platform/admin/edition';
import type { DashboardStats } from '~/platform/admin/section';
import { serverT } from '~/platform/i18n/server-i18n.server';
import {
  call,
  insertAdmin,
  insertRegistration,
  insertSponsorApplication,
  publishContent,
  sessionCookie,
} from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 30: the admin area by edition. After the event facts move to next year (edition 6,
// 2027), last year's registrations must not count as next year's: the dashboard's numbers,
// the lists, their CSV files and the registrations chart show the current edition by default,
// an earlier one (or the rows sent after an edition ended) when asked with ?edition=.

const NOW = new Date('2026-09-01T12:00:00Z');

describe.each(DEFAULT_TEST_DATABASE)('the admin area by edition (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  const get = async <T>(path: string) => {
    const response = await call(t, 'GET', path, { cookie });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const names = async (path: string) =>
    (await get<{ rows: Array<{ first_name?: string; company_name?: string }> }>(path)).rows
      .map((row) => row.first_name ?? row.company_name)
      .sort();
  const csvLines = async (path: string) => {
    const response = await call(t, 'GET', path, { cookie });
    expect(response.status, path).toBe(200);
    // The titles (the personal-data notice the last one), then one line per record.
    return (await response.text()).trim().split('\r\n').slice(1);
  };

  const publishEvent = (change: Record<string, unknown>) => publishContent(t, cookie, 'event', change);

  const registration = (first_name: string, edition: number | null, adults: number, camping = 'tent') =>
    insertRegistration(t.db, { first_name, edition, adults, children: 1, camping });
  const application = async (company: string, edition: number | null) => {
    const { id } = await insertSponsorApplication(t.db, 'new', edition);
    await t.db
      .updateTable('sponsor_applications')
      .set({ company_name: company })
      .where('id', '=', id)
      .execute();
  };

  beforeAll(async () => {
    // After the 2026 weekend (edition 5 of the initial content, 15–16 Aug 2026).
    t = await startTestApp(kind, {}, { now: () => NOW });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'editions-admin@example.com' });
    cookie = await sessionCookie(t, admin.id);
    // 2026 (edition 5): two registrations (3 + 2 adults, one a day visit), one application.
    await registration('Aldona', 5, 3);
    await registration('Birutė', 5, 2, 'day_only');
    await application('Penki UAB', 5);
    // Sent after the 2026 weekend had ended, before next year was announced: no edition.
    await registration('Nijolė', null, 4);
    await application('Niekieno Ltd', null);
  });
  afterAll(() => t?.close());

  it('with edition 5 current, its numbers are the default; rows of no edition are left out', async () => {
    const stats = await get<DashboardStats>('/api/admin/stats');
    expect(stats.registration).toMatchObject({
      registrations: 2,
      adults: 5,
      children: 2,
      tents: 1,
      dayVisitors: 3,
    });
    expect(stats.sponsors).toEqual({ new: 1 });
  });

  it('after the facts move to 2027 (edition 6), the dashboard shows 0 for it and 2026 under 2026', async () => {
    await publishEvent({ edition: 6, start: '2027-08-14T12:00', end: '2027-08-15T16:00' });
    const choices = await get<EditionChoices>('/api/admin/editions');
    expect(choices).toEqual({
      current: 6,
      editions: [
        { edition: 6, year: 2027 },
        { edition: 5, year: 2026 },
      ],
      none: 2,
    });

    const current = await get<DashboardStats>('/api/admin/stats');
    // Every count of the new edition is 0 (the food counts too); only the food per person is a setting.
    const { 'food.gramsPerPerson': grams, ...counts } = current.registration!;
    expect(grams).toBe(600);
    expect(Object.keys(counts)).toEqual(expect.arrayContaining([...EDITION_COUNTS, ...HEADCOUNTS]));
    expect(Object.entries(counts).filter(([, count]) => count !== 0)).toEqual([]);
    expect(current.sponsors).toEqual({ new: 0 });
    expect(await names('/api/admin/registrations')).toEqual([]);
    expect(await csvLines('/api/admin/registrations.csv')).toEqual([]);

    const earlier = await get<DashboardStats>('/api/admin/stats?edition=5');
    expect(earlier.registration).toMatchObject({
      registrations: 2,
      adults: 5,
      children: 2,
      tents: 1,
      dayVisitors: 3,
    });
    expect(earlier.sponsors).toEqual({ new: 1 });
  });

  it('lists, CSV files and counts follow ?edition=: the current one by default, 5, or none', async () => {
    await registration('Šarūnas', 6, 1);
    await application('Šešios UAB', 6);

    expect(await names('/api/admin/registrations')).toEqual(['Šarūnas']);
    expect(await names('/api/admin/registrations?edition=6')).toEqual(['Šarūnas']);
    expect(await names('/api/admin/registrations?edition=5')).toEqual(['Aldona', 'Birutė']);
    expect(await names('/api/admin/registrations?edition=none')).toEqual(['Nijolė']);
    // The filter and the search still apply within the edition.
    expect(await names('/api/admin/registrations?edition=5&status=day_only')).toEqual(['Birutė']);
    expect(await names('/api/admin/registrations?edition=5&q=Aldona')).toEqual(['Aldona']);

    expect(await names('/api/admin/sponsor-applications')).toEqual(['Šešios UAB']);
    expect(await names('/api/admin/sponsor-applications?edition=5')).toEqual(['Penki UAB']);
    expect(await names('/api/admin/sponsor-applications?edition=none')).toEqual(['Niekieno Ltd']);

    const csv = await csvLines('/api/admin/registrations.csv?lang=en');
    expect(csv).toHaveLength(1);
    expect(csv[0]).toContain('Šarūnas');
    const csv5 = await csvLines('/api/admin/registrations.csv?edition=5');
    expect(csv5).toHaveLength(2);
    expect(csv5.join('\n')).toContain('Aldona');
    expect(csv5.join('\n')).toContain('Birutė');
    expect(csv5.join('\n')).not.toContain('Šarūnas');
    expect(csv5.join('\n')).not.toContain('Nijolė');
    expect(await csvLines('/api/admin/sponsor-applications.csv?edition=none')).toEqual([
      expect.stringContaining('Niekieno Ltd'),
    ]);

    expect((await get<DashboardStats>('/api/admin/stats')).registration).toMatchObject({
      registrations: 1,
      adults: 1,
    });
    expect((await get<DashboardStats>('/api/admin/stats?edition=none')).registration).toMatchObject({
      registrations: 1,
      adults: 4,
    });
    // Lists that belong to no edition ignore it.
    expect((await call(t, 'GET', '/api/admin/contacts?edition=5', { cookie })).status).toBe(200);
  });

  it("the registrations chart counts the chosen edition's registrations", async () => {
    // The last 30 days (the records were made just now).
    const range = '';
    const total = (stats: DailyStats) =>
      stats.days.reduce((sum, day) => sum + (day.values.registration?.registrations ?? 0), 0);
    expect(total(await get<DailyStats>(`/api/admin/stats/daily?${range}`))).toBe(1);
    expect(total(await get<DailyStats>(`/api/admin/stats/daily?${range}&edition=5`))).toBe(2);
    expect(total(await get<DailyStats>(`/api/admin/stats/daily?${range}&edition=none`))).toBe(1);
  });

  it('an unknown edition is refused with a translated message, whatever asks for it', async () => {
    for (const path of [
      '/api/admin/registrations?edition=4',
      '/api/admin/registrations.csv?edition=99',
      '/api/admin/sponsor-applications?edition=abc',
      '/api/admin/stats?edition=7',
      '/api/admin/stats/daily?edition=-1',
    ]) {
      const response = await call(t, 'GET', path, { cookie });
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as {
        error: string;
        fields: Array<{ field: string; message: string }>;
      };
      expect(body.error, path).toBe('validation');
      expect(body.fields, path).toEqual([{ field: 'edition', message: 'admin:editions.errors.unknown' }]);
    }
    const [lt, en] = [serverT('lt'), serverT('en')].map((tr) => tr('admin:editions.errors.unknown'));
    expect(lt).not.toBe('editions.errors.unknown');
    expect(en).not.toBe('editions.errors.unknown');
    expect(lt).not.toBe(en);
  });
});
