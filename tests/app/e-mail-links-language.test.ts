import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 44 (2), decision 0049: every link in an e-mail names the language of the person it is
// sent to, so it opens in that language in a mail app or on another device (no cookie); an
// e-mail about a record is in the record's language, whatever the page it was changed from.

const PUBLIC_URL = 'https://bbq.example';
const SITE_LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}[^\\s<>"')]*`, 'g');

describe.each(DEFAULT_TEST_DATABASE)('e-mail links in the reader’s language (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let ip = 0;

  const register = (email: string, language: 'lt' | 'en') =>
    call(t, 'POST', validRequests.registration.url, {
      headers: { 'x-forwarded-for': `10.44.0.${++ip}` },
      body: { ...validRequests.registration.body, email, language, camping: 'tent', adults: 2, children: 0 },
    });
  const mailOf = async (email: string, template: string) => {
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('template', '=', template)
      .executeTakeFirstOrThrow();
    return mail;
  };
  /** Every link to the site in the mail, opened as a fresh browser would: no cookie. */
  const opensIn = async (text: string) => {
    const links = [...new Set(text.match(SITE_LINK) ?? [])].map((link) => link.replace(/[.,;:!?]+$/, ''));
    expect(links.length).toBeGreaterThan(0);
    const languages: Record<string, string | undefined> = {};
    for (const link of links) {
      const url = new URL(link);
      expect(url.searchParams.get('lang'), link).toBe('en');
      const page = await fetch(`${t.url}${url.pathname}${url.search}`, { redirect: 'follow' });
      const body = await page.text();
      // The calendar file (in the confirmation) is a file, not a page: its event in English.
      languages[url.pathname] = page.headers.get('content-type')?.startsWith('text/calendar')
        ? /SUMMARY:Lithuanian BBQ/.test(body)
          ? 'en'
          : 'lt'
        : /<html[^>]* lang="(\w+)"/.exec(body)?.[1];
    }
    return languages;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL, TRUST_PROXY: 'true' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'links-admin@example.com' });
    cookie = await sessionCookie(t, admin.id);
    await publishContent(t, cookie, 'event', { places: { pitches: 1, people: null, offerHours: 24 } });
  });
  afterAll(() => t?.close());

  it('an English registration’s confirmation, change, cancellation and offer: English, and each link opens in English', async () => {
    expect((await register('first.en@example.com', 'en')).status).toBe(201);
    expect((await register('second.en@example.com', 'en')).status).toBe(201);

    const confirmation = await mailOf('first.en@example.com', 'registration.confirmation');
    expect(new Set(Object.values(await opensIn(confirmation.text_body)))).toEqual(new Set(['en']));
    const link = /\/mano-duomenys\?link=([\w-]{43})/.exec(confirmation.text_body)![1]!;

    // Changed and cancelled from the page in Lithuanian: the e-mails are still in English.
    const changed = await call(t, 'PATCH', `/api/my-data?link=${link}&lang=lt`, {
      body: {
        firstName: 'Emma',
        lastName: 'Jones',
        phone: '+44 7700 900123',
        participationType: ['music'],
        camping: 'tent',
        adults: 1,
        children: 0,
        dietaryNeeds: '',
        accessibilityNeeds: '',
        healthConsent: false,
        notes: '',
      },
    });
    expect(changed.status).toBe(200);
    const change = await mailOf('first.en@example.com', 'registration.changed');
    expect(change.subject).toMatch(/^Your registration has been changed/);
    expect(new Set(Object.values(await opensIn(change.text_body)))).toEqual(new Set(['en']));

    expect((await call(t, 'POST', `/api/my-data/cancel?link=${link}&lang=lt`)).status).toBe(200);
    const cancelled = await mailOf('first.en@example.com', 'registration.cancelled');
    expect(cancelled.subject).toMatch(/^Registration cancelled/);
    expect(new Set(Object.values(await opensIn(cancelled.text_body)))).toEqual(new Set(['en']));

    // The place went to the second, who waited: the offer, its link and the page it opens.
    const offer = await mailOf('second.en@example.com', 'registration.offer');
    expect(offer.text_body).toMatch(/\/registracija-vieta\?token=[\w-]{43}&lang=en/);
    expect(new Set(Object.values(await opensIn(offer.text_body)))).toEqual(new Set(['en']));
  });

  it('a private link without a language (an older e-mail) opens in the registration’s language', async () => {
    expect((await register('older.en@example.com', 'en')).status).toBe(201);
    const mail = await mailOf('older.en@example.com', 'registration.waiting');
    const link = /\/mano-duomenys\?link=([\w-]{43})/.exec(mail.text_body)![1]!;
    const page = async (query: string, headers: Record<string, string> = {}) =>
      /<html[^>]* lang="(\w+)"/.exec(
        await (await fetch(`${t.url}/mano-duomenys?${query}`, { headers })).text(),
      )?.[1];
    expect(await page(`link=${link}`)).toBe('en');
    // The visitor's own choice wins: the address's, or their cookie's.
    expect(await page(`link=${link}&lang=lt`)).toBe('lt');
    expect(await page(`link=${link}`, { cookie: 'language=lt' })).toBe('lt');
  });
});
