import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRows, call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { startTestApp, startTwoInstances, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import type { DashboardStats } from '~/platform/admin/section';
import { sql } from 'kysely';
import { SERVER_FEATURES } from '~/app/features.server';
import { runRetention } from '~/features/privacy-admin/retention.server';
import { expireOffers } from './places.server';

// Issue 32: places and a waiting list. Limits in the event facts; a registration over them
// waits in line (told its number on the answer and by e-mail); a freed place (a cancellation
// by the organisers or the participant, a limit raised, an offer lapsed) is offered by e-mail
// to the first in line, accepted from the e-mailed link; no limit is overrun under load.

const REGISTER = validRequests.registration.url;
const PLACES = '/api/registrations/places';
const ACCEPT = '/api/registrations/offer/accept';
const CANCEL = '/api/admin/registrations/cancel';
const OFFER_LINK = /\/registracija-vieta\?token=([A-Za-z0-9_-]{43})/;
const MANAGE_LINK = /\/mano-duomenys\?link=([A-Za-z0-9_-]{43})/;

let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.32.${ipCounter >> 8}.${ipCounter & 255}`;
};

interface Group {
  camping?: string;
  adults?: number;
  children?: number;
  language?: string;
}

async function register(app: TestApp, email: string, group: Group = {}) {
  const response = await call(app, 'POST', REGISTER, {
    // One address per registration (each is a person); its own client address (rate limits).
    headers: { 'x-forwarded-for': freshIp() },
    body: {
      ...validRequests.registration.body,
      email,
      camping: 'tent',
      adults: 2,
      children: 0,
      dietaryNeeds: '',
      healthConsent: false,
      ...group,
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as { ok: true; waiting?: { position: number } },
  };
}

describe.each(TEST_DATABASE_KINDS)('places and the waiting list (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  const limits = (places: { pitches: number | null; people: number | null; offerHours?: number }) =>
    publishContent(t, cookie, 'event', { places: { offerHours: 24, ...places } });
  const rowOf = (email: string) =>
    t.db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const mailsTo = (email: string, template: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('template', '=', template)
      .orderBy('created_at')
      .execute();
  const offerToken = async (email: string) => {
    const [mail] = await mailsTo(email, 'registration.offer');
    return OFFER_LINK.exec(mail?.text_body ?? '')?.[1];
  };
  const places = async () => (await (await call(t, 'GET', PLACES)).json()) as Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'https://bbq.example', TRUST_PROXY: 'true' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'places-admin@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    await t.db.deleteFrom('self_service_links').execute();
    await t.db.deleteFrom('registrations').execute();
    await limits({ pitches: null, people: null });
  });

  it('without limits every registration gets a place and the page is told nothing is limited', async () => {
    expect(await places()).toEqual({
      pitches: null,
      people: null,
      waiting: 0,
      full: false,
      pitchesFull: false,
      peopleFull: false,
    });
    const answer = await register(t, 'free@example.com', { adults: 30, children: 30 });
    expect(answer).toEqual({ status: 201, body: { ok: true } });
    expect((await rowOf('free@example.com')).status).toBe('new');
  });

  it('over a limit: waits in line for what it needs, told its number on the answer and by e-mail in its language; the page says what is full', async () => {
    await limits({ pitches: 2, people: 10 });
    const open = { full: false, pitchesFull: false, peopleFull: false };
    expect(await places()).toEqual({ pitches: 2, people: 10, waiting: 0, ...open });
    // 5 in a tent take 2 pitches (4 people a pitch): the last two.
    expect((await register(t, 'a@example.com', { adults: 4, children: 1 })).body).toEqual({ ok: true });
    expect(await places()).toEqual({ pitches: 0, people: 5, waiting: 0, ...open, pitchesFull: true });
    expect((await register(t, 'b@example.com', { adults: 2, language: 'en' })).body).toEqual({
      ok: true,
      waiting: { position: 1 },
    });
    // A day visitor needs no pitch: not held behind a tent waiting for one (issue 43).
    expect((await register(t, 'c@example.com', { camping: 'day_only', adults: 1 })).body).toEqual({
      ok: true,
    });
    // Five more on site do not fit the four left: first in the line for places on site.
    expect((await register(t, 'd@example.com', { camping: 'nearby', adults: 5 })).body).toEqual({
      ok: true,
      waiting: { position: 1 },
    });
    // A tent now waits for both: behind the tent (pitches) and the family (places on site).
    expect((await register(t, 'e@example.com', { adults: 1 })).body).toEqual({
      ok: true,
      waiting: { position: 3 },
    });
    expect(await places()).toEqual({
      pitches: 0,
      people: 4,
      waiting: 3,
      full: true,
      pitchesFull: true,
      peopleFull: true,
    });
    expect((await rowOf('b@example.com')).status).toBe('waiting');
    expect((await rowOf('b@example.com')).waitlisted_at).toBeInstanceOf(Date);

    const [en] = await mailsTo('b@example.com', 'registration.waiting');
    expect(en!.subject).toBe('You are on the waiting list (number 1 in line)');
    expect(en!.text_body).toContain('You are number 1 in line.');
    // A fixed notice to an address not yet confirmed: nothing typed in it, and its private link.
    expect(en!.text_body).not.toContain(validRequests.registration.body.firstName);
    expect(en!.text_body).toMatch(MANAGE_LINK);
    const [lt] = await mailsTo('e@example.com', 'registration.waiting');
    expect(lt!.subject).toBe('Jūs laukiančiųjų sąraše (vieta eilėje: 3)');
    // No receipt as for a place, but the organisers' notice as ever.
    expect(await mailsTo('b@example.com', 'registration.confirmation')).toEqual([]);
    const notices = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('template', '=', 'registration.notification')
      .execute();
    expect(notices).toHaveLength(5);
  });

  // Issue 43: places per resource. Pitches are for tents, places on site for everyone; each
  // registration waits only for what it needs, in line within each.
  it('5 pitches full, 16 of 30 places on site used: a day-only family and a family staying nearby get places, a tent waits', async () => {
    await limits({ pitches: 5, people: 30 });
    for (let i = 0; i < 4; i++) await register(t, `tent-${i}@example.com`, { adults: 2, children: 1 });
    await register(t, 'tent-4@example.com', { adults: 2, children: 2 });
    expect(await places()).toMatchObject({ pitches: 0, people: 14, full: false, pitchesFull: true });
    expect((await register(t, 'tent-waits@example.com')).body).toEqual({
      ok: true,
      waiting: { position: 1 },
    });
    const day = await register(t, 'day-family@example.com', { camping: 'day_only', adults: 1, children: 2 });
    const nearby = await register(t, 'nearby-family@example.com', {
      camping: 'nearby',
      adults: 2,
      children: 1,
    });
    expect([day.body, nearby.body]).toEqual([{ ok: true }, { ok: true }]);
    expect((await rowOf('day-family@example.com')).status).toBe('new');
    expect((await register(t, 'tent-waits-too@example.com')).body).toEqual({
      ok: true,
      waiting: { position: 2 },
    });
    expect(await places()).toEqual({
      pitches: 0,
      people: 8,
      waiting: 2,
      full: false,
      pitchesFull: true,
      peopleFull: false,
    });
  });

  it('a freed pitch goes to the first tent camper waiting; a freed place on site to the first waiting whose group fits', async () => {
    await limits({ pitches: 1, people: 5 });
    await register(t, 'holder@example.com'); // a tent of 2: the pitch, 2 on site
    await register(t, 'tent-first@example.com'); // waits for a pitch
    await register(t, 'day-three@example.com', { camping: 'day_only', adults: 3 }); // fits: 5 on site
    const dayOne = await register(t, 'day-one@example.com', { camping: 'day_only', adults: 1 });
    // Behind the tent, which now lacks places on site too (the day family took the last).
    expect(dayOne.body).toEqual({ ok: true, waiting: { position: 2 } });
    const tentSecond = await register(t, 'tent-second@example.com', { adults: 1 });
    expect(tentSecond.body).toEqual({ ok: true, waiting: { position: 3 } });
    // The tent leaves: its pitch and two places go to the first tent camper, who fits both.
    await call(t, 'POST', CANCEL, { cookie, body: { id: (await rowOf('holder@example.com')).id } });
    expect((await rowOf('tent-first@example.com')).status).toBe('offered');
    expect((await rowOf('day-one@example.com')).status).toBe('waiting');
    expect((await rowOf('tent-second@example.com')).status).toBe('waiting');
    // The day family leaves: a place on site for the day visitor; no pitch for the tent.
    await call(t, 'POST', CANCEL, { cookie, body: { id: (await rowOf('day-three@example.com')).id } });
    expect((await rowOf('day-one@example.com')).status).toBe('offered');
    expect((await rowOf('tent-second@example.com')).status).toBe('waiting');
  });

  it('those waiting for a place on site come first: a later day visitor waits behind them though it would fit', async () => {
    await limits({ pitches: 1, people: 4 });
    await register(t, 'day-holder@example.com', { camping: 'day_only', adults: 2 });
    expect((await register(t, 'big@example.com', { camping: 'nearby', adults: 3 })).body).toEqual({
      ok: true,
      waiting: { position: 1 },
    });
    expect((await register(t, 'small@example.com', { camping: 'day_only', adults: 1 })).body).toEqual({
      ok: true,
      waiting: { position: 2 },
    });
    // The pitch is free, but a tent needs a place on site too: everyone waits.
    expect(await places()).toMatchObject({
      pitches: 1,
      people: 2,
      full: true,
      peopleFull: true,
      pitchesFull: false,
    });
    // The family ahead leaves the list (erased): the line moves, the smaller group is offered.
    const erased = await call(t, 'POST', '/api/admin/privacy/erase', {
      cookie,
      body: { email: 'big@example.com' },
    });
    expect(erased.status).toBe(200);
    expect((await rowOf('small@example.com')).status).toBe('offered');
  });

  it('the organisers cancel: the first in line is offered the place by e-mail, accepts it from the link, once', async () => {
    await limits({ pitches: 1, people: null, offerHours: 6 });
    await register(t, 'holder@example.com');
    await register(t, 'first@example.com', { language: 'en' });
    await register(t, 'second@example.com');
    const holder = await rowOf('holder@example.com');

    const before = Date.now();
    const response = await call(t, 'POST', CANCEL, { cookie, body: { id: holder.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cancelled: true });
    expect((await rowOf('holder@example.com')).status).toBe('cancelled');
    const first = await rowOf('first@example.com');
    expect(first.status).toBe('offered');
    // Held for the hours the organisers set.
    const held = new Date(first.offer_expires_at!).getTime() - before;
    expect(held).toBeGreaterThan(6 * 3_600_000 - 60_000);
    expect(held).toBeLessThan(6 * 3_600_000 + 60_000);
    expect((await rowOf('second@example.com')).status).toBe('waiting');
    const [offer] = await mailsTo('first@example.com', 'registration.offer');
    expect(offer!.subject).toMatch(/^A place is free for you – accept it by /);
    expect(offer!.text_body).toContain('https://bbq.example/registracija-vieta?token=');
    expect(await mailsTo('second@example.com', 'registration.offer')).toEqual([]);
    expect((await auditRows(t.db, holder.id)).map((row) => row.action)).toContain('registration.cancel');

    // A stranger's token opens nothing; the right one takes the place, and again is fine.
    const wrong = await call(t, 'POST', ACCEPT, { body: { token: 'x'.repeat(43), language: 'en' } });
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { message: string }).message).toBe('registration:places.offer.unknown');
    const token = await offerToken('first@example.com');
    for (let i = 0; i < 2; i++)
      expect((await call(t, 'POST', ACCEPT, { body: { token, language: 'en' } })).status).toBe(200);
    expect((await rowOf('first@example.com')).status).toBe('new');
    // Cancelled twice: nothing more happens.
    const again = await call(t, 'POST', CANCEL, { cookie, body: { id: holder.id } });
    expect(await again.json()).toEqual({ cancelled: false });
    expect((await rowOf('second@example.com')).status).toBe('waiting');
  });

  it('an offer not taken in time lapses and passes on to the next; its link then says so', async () => {
    await limits({ pitches: 1, people: null, offerHours: 1 });
    await register(t, 'holder@example.com');
    await register(t, 'slow@example.com');
    await register(t, 'next@example.com');
    const holder = await rowOf('holder@example.com');
    await call(t, 'POST', CANCEL, { cookie, body: { id: holder.id } });
    expect((await rowOf('slow@example.com')).status).toBe('offered');

    // Not yet due: nothing lapses.
    expect(await expireOffers(t.db, { now: new Date(Date.now() + 30 * 60_000) })).toBe(0);
    expect(await expireOffers(t.db, { now: new Date(Date.now() + 61 * 60_000) })).toBe(1);
    expect((await rowOf('slow@example.com')).status).toBe('expired');
    expect((await rowOf('next@example.com')).status).toBe('offered');
    expect(await mailsTo('next@example.com', 'registration.offer')).toHaveLength(1);
    // Run again (another instance): nothing more.
    expect(await expireOffers(t.db, { now: new Date(Date.now() + 61 * 60_000) })).toBe(0);

    const late = await call(t, 'POST', ACCEPT, {
      body: { token: await offerToken('slow@example.com'), language: 'lt' },
    });
    expect(late.status).toBe(410);
    // Lapsed while unanswered (the timer has not run yet): refused as lapsed.
    await t.db
      .updateTable('registrations')
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'next@example.com')
      .execute();
    const lapsed = await call(t, 'POST', ACCEPT, {
      body: { token: await offerToken('next@example.com'), language: 'lt' },
    });
    expect(lapsed.status).toBe(410);
    expect(((await lapsed.json()) as { message: string }).message).toBe('registration:places.offer.expired');
  });

  it('without scripts: the page’s post goes on to the waiting list’s page with the number; the offer page’s form takes the place', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'holder@example.com');
    const form = new URLSearchParams({
      firstName: 'Rūta',
      lastName: 'Žemaitytė',
      email: 'nojs-wait@example.com',
      phone: '+44 7700 900456',
      participationType: 'participate',
      camping: 'tent',
      adults: '2',
      children: '0',
      agreedToRules: 'on',
      dataConsent: 'on',
    }).toString();
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
        payload,
      });
    const answer = await post('/registracija?lang=en', form);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/registracija-laukiate?position=1&lang=en');
    expect((await rowOf('nojs-wait@example.com')).status).toBe('waiting');

    await call(t, 'POST', CANCEL, { cookie, body: { id: (await rowOf('holder@example.com')).id } });
    const token = await offerToken('nojs-wait@example.com');
    // The e-mailed address with its token; the form posts back to it.
    const accepted = await post(`/registracija-vieta?token=${token}&lang=en`, '');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-type']).toMatch(/^text\/html/);
    expect(accepted.body).toContain('The place is yours');
    expect((await rowOf('nojs-wait@example.com')).status).toBe('new');
    const unknown = await post(`/registracija-vieta?token=${'y'.repeat(43)}`, '');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Ši nuoroda neatveria pasiūlymo.');
  });

  it('the organisers raise a limit: the places it frees are offered at once, in line, to groups that fit', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'holder@example.com');
    await register(t, 'big@example.com', { adults: 6 }); // 2 pitches
    await register(t, 'small@example.com', { adults: 1 });
    await register(t, 'third@example.com', { adults: 1 });
    await limits({ pitches: 2, people: null });
    // One more pitch: the big group does not fit it, the next does.
    expect((await rowOf('big@example.com')).status).toBe('waiting');
    expect((await rowOf('small@example.com')).status).toBe('offered');
    expect((await rowOf('third@example.com')).status).toBe('waiting');
    // No limit at all: everyone waiting is offered a place.
    await limits({ pitches: null, people: null });
    expect((await rowOf('big@example.com')).status).toBe('offered');
    expect((await rowOf('third@example.com')).status).toBe('offered');
  });

  it('the participant cancels from their private link: the first in line is offered the place', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'leaving@example.com');
    await register(t, 'waiting@example.com');
    const [receipt] = await mailsTo('leaving@example.com', 'registration.confirmation');
    const link = MANAGE_LINK.exec(receipt!.text_body)![1];
    const cancelled = await call(t, 'POST', `/api/my-data/cancel?link=${link}`);
    expect(cancelled.status).toBe(200);
    expect((await rowOf('leaving@example.com')).status).toBe('cancelled');
    expect((await rowOf('waiting@example.com')).status).toBe('offered');
    // Cancelling again frees nothing more.
    await call(t, 'POST', `/api/my-data/cancel?link=${link}`);
    expect(await mailsTo('waiting@example.com', 'registration.offer')).toHaveLength(1);
  });

  // Issue 42.2: every way a place is freed offers it down the line (onPlaceFreed, one function).
  const manageLink = async (email: string, template = 'registration.confirmation') => {
    const [mail] = await mailsTo(email, template);
    return MANAGE_LINK.exec(mail!.text_body)![1]!;
  };
  const gone = async (email: string) =>
    (await t.db.selectFrom('registrations').select('id').where('email', '=', email).execute()).length === 0;

  it('the participant erases their registration from their link: the first in line is offered the place', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'erasing@example.com');
    await register(t, 'next-after-erasure@example.com');
    const link = await manageLink('erasing@example.com');
    expect((await call(t, 'DELETE', `/api/my-data?link=${link}`)).status).toBe(200);
    expect(await gone('erasing@example.com')).toBe(true);
    expect((await rowOf('next-after-erasure@example.com')).status).toBe('offered');
    expect(await mailsTo('next-after-erasure@example.com', 'registration.offer')).toHaveLength(1);
    expect(await places()).toMatchObject({ pitches: 0, waiting: 0 });
  });

  it('an organiser erases a person on the Privacy page: the first in line is offered the place', async () => {
    await limits({ pitches: null, people: 2 });
    await register(t, 'erased-by-admin@example.com', { camping: 'day_only' });
    await register(t, 'next-after-admin@example.com', { camping: 'nearby' });
    expect((await rowOf('next-after-admin@example.com')).status).toBe('waiting');
    const erased = await call(t, 'POST', '/api/admin/privacy/erase', {
      cookie,
      body: { email: 'erased-by-admin@example.com' },
    });
    expect(erased.status).toBe(200);
    expect(await gone('erased-by-admin@example.com')).toBe(true);
    expect((await rowOf('next-after-admin@example.com')).status).toBe('offered');
    expect(await mailsTo('next-after-admin@example.com', 'registration.offer')).toHaveLength(1);
  });

  it('the retention purge (the same erasure) offers the place it frees to the first in line', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'purged@example.com');
    await register(t, 'next-after-purge@example.com');
    // The job erases through the registrations' own source; a rule that makes only this row
    // due (a running edition's rows never are) shows that path reaches the waiting list too.
    const source = SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []).find(
      (candidate) => candidate.table === 'registrations',
    )!;
    const purged = await rowOf('purged@example.com');
    const report = await runRetention(
      t.db,
      [
        {
          ...source,
          retention: {
            period: () => ({ days: 0 }),
            from: sql<Date>`case when id = ${purged.id} then created_at end`,
          },
        },
      ],
      {
        registrationsDays: 0,
        contactsMonths: 12,
        sponsorApplicationsMonths: 24,
        outboxDays: 30,
        auditMonths: 24,
        ordersYears: 6,
      },
      new Date(Date.now() + 60_000),
    );
    expect(report.removed.registrations).toBe(1);
    expect(await gone('purged@example.com')).toBe(true);
    expect((await rowOf('next-after-purge@example.com')).status).toBe('offered');
  });

  it('an offer declined (its registration cancelled from its link) passes on to the next in line', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'holder@example.com');
    await register(t, 'decliner@example.com');
    await register(t, 'after-decline@example.com');
    await call(t, 'POST', CANCEL, { cookie, body: { id: (await rowOf('holder@example.com')).id } });
    expect((await rowOf('decliner@example.com')).status).toBe('offered');
    const link = await manageLink('decliner@example.com', 'registration.waiting');
    expect((await call(t, 'POST', `/api/my-data/cancel?link=${link}`)).status).toBe(200);
    expect((await rowOf('decliner@example.com')).status).toBe('cancelled');
    expect((await rowOf('after-decline@example.com')).status).toBe('offered');
  });

  it('a group grown from its link does not take room the waiting list is in line for', async () => {
    await limits({ pitches: null, people: 5 });
    await register(t, 'grows-past-line@example.com', { camping: 'day_only' }); // 2 people
    await register(t, 'holds-two@example.com', { camping: 'day_only' }); // 4 of 5
    await register(t, 'in-line@example.com', { camping: 'day_only', adults: 3 }); // 3 do not fit: waits
    expect((await rowOf('in-line@example.com')).status).toBe('waiting');
    const [receipt] = await mailsTo('grows-past-line@example.com', 'registration.confirmation');
    const link = MANAGE_LINK.exec(receipt!.text_body)![1];
    const correction = (adults: number) => ({
      firstName: 'Ona',
      lastName: 'Kairytė',
      phone: '+44 7700 900123',
      participationType: ['participate'],
      camping: 'day_only',
      adults,
      children: 0,
      dietaryNeeds: '',
      accessibilityNeeds: '',
      healthConsent: false,
      notes: '',
    });
    // One more would fit under the limit (5 of 5), but the one place left is the line's: a
    // newcomer of one would join the waiting list too.
    const refused = await call(t, 'PATCH', `/api/my-data?link=${link}`, { body: correction(3) });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fields?: { field: string; message: string }[] };
    expect(body.fields).toEqual([{ field: 'adults', message: 'registration:places.changeOthersWaiting' }]);
    expect((await rowOf('grows-past-line@example.com')).adults).toBe(2);
    expect(await mailsTo('grows-past-line@example.com', 'registration.changed')).toHaveLength(0);
    // A change that takes no more room is still free to make.
    const same = await call(t, 'PATCH', `/api/my-data?link=${link}`, { body: correction(2) });
    expect(same.status).toBe(200);
  });

  it('the participant’s change from their link that takes more room must fit: refused at the limit, nothing written', async () => {
    await limits({ pitches: 2, people: 6 });
    await register(t, 'growing@example.com'); // a tent for 2: one pitch
    await register(t, 'other@example.com'); // another pitch: the pitches are all taken
    const [receipt] = await mailsTo('growing@example.com', 'registration.confirmation');
    const link = MANAGE_LINK.exec(receipt!.text_body)![1];
    const correction = (group: { adults: number; children: number }) => ({
      firstName: 'Ona',
      lastName: 'Kairytė',
      phone: '+44 7700 900123',
      participationType: ['participate'],
      camping: 'tent',
      dietaryNeeds: '',
      accessibilityNeeds: '',
      healthConsent: false,
      notes: '',
      ...group,
    });
    // Five people need a second pitch: none is left.
    const refused = await call(t, 'PATCH', `/api/my-data?link=${link}`, {
      body: correction({ adults: 5, children: 0 }),
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fields?: { field: string; message: string }[] };
    expect(body.fields).toEqual([{ field: 'adults', message: 'registration:places.changeTooBig' }]);
    const row = await rowOf('growing@example.com');
    expect([row.adults, row.children]).toEqual([2, 0]);
    expect(await mailsTo('growing@example.com', 'registration.changed')).toHaveLength(0);
    // Four fit the same pitch and the people limit (4 + 2 = 6).
    const allowed = await call(t, 'PATCH', `/api/my-data?link=${link}`, {
      body: correction({ adults: 3, children: 1 }),
    });
    expect(allowed.status).toBe(200);
    expect([
      (await rowOf('growing@example.com')).adults,
      (await rowOf('growing@example.com')).children,
    ]).toEqual([3, 1]);
  });

  it('the participant gives up their pitch from their link (a tent no more): the first in line is offered it', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'tent-no-more@example.com');
    await register(t, 'next-in-line@example.com');
    expect((await rowOf('next-in-line@example.com')).status).toBe('waiting');
    const [receipt] = await mailsTo('tent-no-more@example.com', 'registration.confirmation');
    const link = MANAGE_LINK.exec(receipt!.text_body)![1];
    const changed = await call(t, 'PATCH', `/api/my-data?link=${link}`, {
      body: {
        firstName: 'Ona',
        lastName: 'Kairytė',
        phone: '+44 7700 900123',
        participationType: ['participate'],
        camping: 'day_only',
        adults: 2,
        children: 0,
        dietaryNeeds: '',
        accessibilityNeeds: '',
        healthConsent: false,
        notes: '',
      },
    });
    expect(changed.status).toBe(200);
    expect((await rowOf('next-in-line@example.com')).status).toBe('offered');
    expect(await mailsTo('next-in-line@example.com', 'registration.offer')).toHaveLength(1);
  });

  it('the admin: the waiting list as its own tab with numbers in line; counts on the dashboard', async () => {
    await limits({ pitches: 1, people: null });
    await register(t, 'holder@example.com', { adults: 3 });
    await register(t, 'w1@example.com');
    await register(t, 'w2@example.com');
    const list = await call(t, 'GET', '/api/admin/registrations?status=waiting', { cookie });
    expect(list.status).toBe(200);
    const { rows, total } = (await list.json()) as {
      rows: { email: string; status: string; waiting_position: number | null }[];
      total: number;
    };
    expect(total).toBe(2);
    expect(rows.map((row) => [row.email, row.waiting_position]).sort()).toEqual([
      ['w1@example.com', 1],
      ['w2@example.com', 2],
    ]);
    const stats = (await (await call(t, 'GET', '/api/admin/stats', { cookie })).json()) as DashboardStats;
    expect(stats.registration).toMatchObject({ registrations: 1, adults: 3, pitches: 1, waiting: 2 });
    // An unknown filter is still refused.
    expect((await call(t, 'GET', '/api/admin/registrations?status=nobody', { cookie })).status).toBe(400);
  });

  it('cancellations by both sides and the timer at once: each finishes, no place given twice', async () => {
    await limits({ pitches: 2, people: null, offerHours: 1 });
    for (const email of ['h1', 'h2', 'w1', 'w2', 'w3', 'w4'].map((name) => `${name}@example.com`))
      await register(t, email);
    const [h1, h2] = [await rowOf('h1@example.com'), await rowOf('h2@example.com')];
    await call(t, 'POST', CANCEL, { cookie, body: { id: h1.id } });
    expect((await rowOf('w1@example.com')).status).toBe('offered');
    // w1 cancels from their link, the organisers cancel h2 and the timer finds w1's offer due, together.
    const [receipt] = await mailsTo('w1@example.com', 'registration.waiting');
    const link = MANAGE_LINK.exec(receipt!.text_body)![1];
    const results = await Promise.allSettled([
      call(t, 'POST', `/api/my-data/cancel?link=${link}`).then((response) => response.status),
      call(t, 'POST', CANCEL, { cookie, body: { id: h2.id } }).then((response) => response.status),
      expireOffers(t.db, { now: new Date(Date.now() + 2 * 3_600_000) }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect([
      (results[0] as PromiseFulfilledResult<number>).value,
      (results[1] as PromiseFulfilledResult<number>).value,
    ]).toEqual([200, 200]);
    const statuses = await t.db.selectFrom('registrations').select(['email', 'status']).execute();
    const offered = statuses.filter((row) => row.status === 'offered' || row.status === 'new');
    // Two pitches: never more than two held.
    expect(offered.length).toBeLessThanOrEqual(2);
    expect(['cancelled', 'expired']).toContain(
      statuses.find((row) => row.email === 'w1@example.com')!.status,
    );
  });

  it('50 registrations at once for the last 5 places: exactly 5 get one, the rest wait in one line', async () => {
    await limits({ pitches: 6, people: null });
    await register(t, 'early@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(t, `race-${i}@example.com`)),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => !answer.body.waiting)).toHaveLength(5);
    const positions = answers.flatMap((answer) => answer.body.waiting?.position ?? []);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    const held = await t.db.selectFrom('registrations').select('id').where('status', '=', 'new').execute();
    expect(held).toHaveLength(6);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('places with two instances (postgres)', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  beforeAll(async () => {
    instances = await startTwoInstances({ TRUST_PROXY: 'true' });
  });
  afterAll(() => instances?.close());

  it('50 registrations at once, alternately to two instances, for the last 5 places: exactly 5 get one', async () => {
    const { first, second } = instances;
    const admin = await insertAdmin(first.db, 'scrypt$17$8$1$x$y', { email: 'places-two@example.com' });
    const cookie = await sessionCookie(first, admin.id);
    await publishContent(first, cookie, 'event', { places: { pitches: 5, people: null, offerHours: 24 } });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(i % 2 === 0 ? first : second, `two-${i}@example.com`)),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => !answer.body.waiting)).toHaveLength(5);
    const positions = answers.flatMap((answer) => answer.body.waiting?.position ?? []);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    const counts = await first.db
      .selectFrom('registrations')
      .select(['status', first.db.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(counts.map((row) => [row.status, Number(row.n)]))).toEqual({
      new: 5,
      waiting: 45,
    });
  });
});
