import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { SERVER_FEATURES } from '~/app/features.server';
import { retentionSchedule, runRetention } from '~/features/privacy-admin/retention.server';
import type { Retention } from '~/platform/site-content/retention';

// Issue 28, finding 4 (and issue 30's editions): a registration belongs to an edition, and its
// retention counts from that edition's end as currently published, so postponing the event
// never purges registrations for a weekend that has not happened yet.

const DAY = 86_400_000;
const SOURCES = SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []);
const PERIODS: Retention = {
  registrationsDays: 30,
  contactsMonths: 12,
  sponsorApplicationsMonths: 24,
  outboxDays: 30,
  auditMonths: 24,
  ordersYears: 6,
};

/** A UK wall-clock time as the event facts keep it ('YYYY-MM-DDTHH:mm'). */
function ukWallTime(date: Date): string {
  const uk = new TZDate(date, 'Europe/London');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${uk.getFullYear()}-${pad(uk.getMonth() + 1)}-${pad(uk.getDate())}T${pad(uk.getHours())}:00`;
}

describe.each(DEFAULT_TEST_DATABASE)('editions (%s)', (kind) => {
  let t: TestApp;
  let adminId: string;
  let cookie: string;
  const now = Date.now();

  const publishEvent = (change: Record<string, unknown>) => publishContent(t, cookie, 'event', change);

  async function register(firstName: string) {
    const { url, body } = validRequests.registration;
    const response = await postForm(t.app, url, { ...body, firstName, email: `${firstName}@example.com` });
    expect(response.status).toBe(201);
    return t.db
      .selectFrom('registrations')
      .select(['id', 'edition'])
      .where('first_name', '=', firstName)
      .executeTakeFirstOrThrow();
  }

  const names = async () =>
    (await t.db.selectFrom('registrations').select('first_name').orderBy('first_name').execute()).map(
      (r) => r.first_name,
    );

  beforeAll(async () => {
    // Dates relative to today, read against today's clock.
    t = await startTestApp(kind, {}, { now: () => new Date() });
    adminId = (await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'editions@example.com' })).id;
  });
  // A run of the job months ahead also removes the sessions expired by then.
  beforeEach(async () => {
    cookie = await sessionCookie(t, adminId);
  });
  afterAll(() => t?.close());

  it('a postponed event moves the retention date of the registrations for it', async () => {
    // Edition 6 ends in 10 days; R1 registers for it.
    await publishEvent({
      edition: 6,
      start: ukWallTime(new Date(now + 8 * DAY)),
      end: ukWallTime(new Date(now + 10 * DAY)),
    });
    expect((await register('Rone')).edition).toBe(6);
    // Postponed to 80 days from now; R2 registers for the same edition.
    await publishEvent({
      start: ukWallTime(new Date(now + 78 * DAY)),
      end: ukWallTime(new Date(now + 80 * DAY)),
    });
    expect((await register('Rtwo')).edition).toBe(6);

    // 41 days on (30 days past the first date): both are for a weekend 39 days ahead.
    const later = new Date(now + 41 * DAY);
    const schedule = await retentionSchedule(t.db, SOURCES, PERIODS, later);
    expect(schedule.kinds.find((k) => k.name === 'registrations')!.dueAtNextRun).toBe(0);
    const run = await runRetention(t.db, SOURCES, PERIODS, later);
    expect(run.removed.registrations).toBe(0);
    expect(await names()).toEqual(['Rone', 'Rtwo']);

    // 30 days after the new end, both go.
    const after = await runRetention(t.db, SOURCES, PERIODS, new Date(now + 111 * DAY));
    expect(after.removed.registrations).toBe(2);
    expect(await names()).toEqual([]);
  });

  it('each edition keeps the dates it was last published with; the next one gets its own row', async () => {
    await publishEvent({
      edition: 7,
      start: ukWallTime(new Date(now + 400 * DAY)),
      end: ukWallTime(new Date(now + 402 * DAY)),
    });
    const editions = await t.db
      .selectFrom('editions')
      .select(['edition', 'ends_at'])
      .where('edition', 'in', [6, 7])
      .orderBy('edition')
      .execute();
    expect(editions.map((e) => e.edition)).toEqual([6, 7]);
    // Hours are kept whole in the facts: within an hour of what was published.
    expect(Math.abs(new Date(editions[0]!.ends_at).getTime() - (now + 80 * DAY))).toBeLessThan(3_600_000);
    expect((await register('Rthree')).edition).toBe(7);
    const { url, body } = validRequests.sponsor;
    expect((await postForm(t.app, url, body)).status).toBe(201);
    const application = await t.db
      .selectFrom('sponsor_applications')
      .select('edition')
      .executeTakeFirstOrThrow();
    expect(application.edition).toBe(7);
  });

  it('after the weekend, a registration is refused and stored nowhere; an application belongs to no edition', async () => {
    await publishEvent({
      edition: 8,
      start: ukWallTime(new Date(now - 5 * DAY)),
      end: ukWallTime(new Date(now - 3 * DAY)),
    });
    const before = await t.db.selectFrom('registrations').select('id').execute();
    const { url, body } = validRequests.registration;
    for (const language of ['lt', 'en'] as const) {
      const refused = await postForm(t.app, url, { ...body, language, firstName: 'Late' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'registration_closed',
        message: 'registration:window.refusedClosed',
      });
    }
    expect(await t.db.selectFrom('registrations').select('id').execute()).toEqual(before);
    expect(
      await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', body.email).execute(),
    ).toEqual([]);
    const sponsor = validRequests.sponsor;
    expect((await postForm(t.app, sponsor.url, { ...sponsor.body, companyName: 'Late Ltd' })).status).toBe(
      201,
    );
    const late = await t.db
      .selectFrom('sponsor_applications')
      .select('edition')
      .where('company_name', '=', 'Late Ltd')
      .executeTakeFirstOrThrow();
    expect(late.edition).toBeNull();
  });
});
