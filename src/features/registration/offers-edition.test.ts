import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { eventInstant } from '~/platform/event/instant';
import { formatDayRange } from '~/platform/i18n/format';

// Issue 42.7: an offer belongs to its edition. It is held no later than its weekend's end,
// names that weekend (e-mail and page, in the reader's language), and once the weekend is
// over, or a newer edition is published, accepting it answers 410 with a translated page.

const REGISTER = validRequests.registration.url;
const ACCEPT = '/api/registrations/offer/accept';
const CANCEL = '/api/admin/registrations/cancel';
const OFFER_LINK = /\/registracija-vieta\?token=([A-Za-z0-9_-]{43})/;
// The first content's weekend: 15 August 2026 08:00 to 16 August 12:00, UK time.
const WEEKEND = { start: eventInstant('2026-08-15T08:00'), end: eventInstant('2026-08-16T12:00') };
const HOUR = 3_600_000;
const TEXTS = {
  en: { ended: 'This offer has ended', accept: 'Accept the place', weekend: 'For the weekend of ' },
  lt: { ended: 'Šis pasiūlymas baigėsi', accept: 'Priimti vietą', weekend: 'Savaitgalis: ' },
};

describe.each(DEFAULT_TEST_DATABASE)('offers belong to their edition (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  // Two hours before the weekend ends: registration still open.
  let clock = new Date(WEEKEND.end.getTime() - 2 * HOUR);
  let ip = 0;

  const register = (email: string, language = 'en') =>
    call(t, 'POST', REGISTER, {
      headers: { 'x-forwarded-for': `10.42.7.${++ip}` },
      body: {
        ...validRequests.registration.body,
        email,
        camping: 'tent',
        adults: 2,
        children: 0,
        dietaryNeeds: '',
        healthConsent: false,
        language,
      },
    });
  const rowOf = (email: string) =>
    t.db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const offerOf = async (email: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('template', '=', 'registration.offer')
      .executeTakeFirstOrThrow();
  /** A registration waiting behind a tent that the organisers then cancel: offered the pitch. */
  async function offered(name: string, language = 'en') {
    await register(`${name}-holder@example.com`);
    await register(`${name}@example.com`, language);
    const holder = await rowOf(`${name}-holder@example.com`);
    await call(t, 'POST', CANCEL, { cookie, body: { id: holder.id } });
    expect((await rowOf(`${name}@example.com`)).status).toBe('offered');
    return OFFER_LINK.exec((await offerOf(`${name}@example.com`)).text_body)![1]!;
  }
  const page = (token: string, language: 'lt' | 'en', method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({
      method,
      url: `/registracija-vieta?token=${token}&lang=${language}`,
      ...(method === 'POST'
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.42.8.1' },
            payload: '',
          }
        : {}),
    });

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { PUBLIC_URL: 'https://bbq.example', TRUST_PROXY: 'true' },
      { now: () => clock },
    );
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'offers-admin@example.com' });
    cookie = await sessionCookie(t, admin.id);
    await publishContent(t, cookie, 'event', { places: { pitches: 1, people: null, offerHours: 24 } });
  });
  afterAll(() => t?.close());

  it('held no later than its weekend, named in the e-mail and on the page; after the weekend, refused with 410 and a translated page', async () => {
    const before = Date.now();
    const token = await offered('late');
    // 24 hours to accept, but the weekend ends in two.
    const held = new Date((await rowOf('late@example.com')).offer_expires_at!).getTime() - before;
    expect(held).toBeGreaterThan(2 * HOUR - 60_000);
    expect(held).toBeLessThan(2 * HOUR + 60_000);
    const mail = (await offerOf('late@example.com')).text_body;
    expect(mail).toContain(`Weekend: ${formatDayRange(WEEKEND.start, WEEKEND.end, 'en')}`);
    expect(mail).toContain('Accept by:');

    for (const language of ['en', 'lt'] as const) {
      const open = await page(token, language);
      expect(open.statusCode).toBe(200);
      expect(open.headers['cache-control']).toBe('private, no-store');
      expect(open.body).toContain(
        TEXTS[language].weekend + formatDayRange(WEEKEND.start, WEEKEND.end, language),
      );
      expect(open.body).toContain(TEXTS[language].accept);
    }

    // The weekend is over.
    clock = new Date(WEEKEND.end.getTime() + 60_000);
    for (const language of ['en', 'lt'] as const) {
      const posted = await page(token, language, 'POST');
      expect(posted.statusCode).toBe(410);
      expect(posted.headers['content-type']).toMatch(/^text\/html/);
      expect(posted.body).toContain(TEXTS[language].ended);
      expect(posted.body).not.toContain('The place is yours');
      const opened = await page(token, language);
      expect(opened.statusCode).toBe(410);
      expect(opened.body).toContain(TEXTS[language].ended);
      expect(opened.body).toContain(formatDayRange(WEEKEND.start, WEEKEND.end, language));
      expect(opened.body).not.toContain(`>${TEXTS[language].accept}<`);
    }
    const api = await call(t, 'POST', ACCEPT, { body: { token, language: 'en' } });
    expect(api.status).toBe(410);
    expect(await api.json()).toMatchObject({
      error: 'offer_ended',
      message: 'registration:places.offer.ended',
    });
    expect((await rowOf('late@example.com')).status).toBe('offered');
    // Nothing more is offered for a weekend that is over.
    await call(t, 'POST', CANCEL, { cookie, body: { id: (await rowOf('late@example.com')).id } });
    await register('after-the-weekend@example.com');
    clock = new Date(WEEKEND.end.getTime() - 2 * HOUR);
  });

  it('a newer edition published ends the offers of the one before: their links answer 410', async () => {
    await t.db.deleteFrom('registrations').execute();
    const token = await offered('moved-on', 'lt');
    await publishContent(t, cookie, 'event', {
      edition: 6,
      start: '2027-08-14T08:00',
      end: '2027-08-15T12:00',
    });
    expect((await rowOf('moved-on@example.com')).status).toBe('expired');
    const posted = await page(token, 'lt', 'POST');
    expect(posted.statusCode).toBe(410);
    expect(posted.body).toContain(TEXTS.lt.ended);
    const opened = await page(token, 'en');
    expect(opened.statusCode).toBe(410);
    // The weekend it was for, as its edition was published.
    expect(opened.body).toContain(formatDayRange(WEEKEND.start, WEEKEND.end, 'en'));
    expect((await call(t, 'POST', ACCEPT, { body: { token, language: 'lt' } })).status).toBe(410);
  });
});
