import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

// The event's calendar file and its schema.org data, derived from the published event facts.

const ics = async (t: TestApp, query = '') => {
  const response = await fetch(`${t.url}/renginys.ics${query}`);
  return { response, text: await response.text() };
};

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(match, 'a JSON-LD script on the page').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('event calendar file and structured data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { PUBLIC_URL: 'https://bbq.example' });
  });
  afterAll(() => t?.close());

  it('is a valid iCalendar file: UK time zone, exact place, in the visitor’s language', async () => {
    const { response, text } = await ics(t);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bbq-2026.ics"');
    // RFC 5545: CRLF line ends, no line longer than 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/London');
    ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('bbq-weekend-5@bbq.example');
    expect(event.summary).toBe('Lietuvių BBQ savaitgalis Velse');
    // 08:00 in London on 15 August is 07:00 UTC (summer time).
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-08-15T07:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-08-16T11:00:00.000Z');
    expect(event.location).toContain('South Wales, United Kingdom');
    expect(event.component.getFirstPropertyValue('geo')).toEqual([51.6, -3.4]);
    expect(event.component.getFirstPropertyValue('url')).toBe('https://bbq.example/apie-rengini');
    expect(event.description).toContain('Renginys ir registracija nemokami.');
    expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    const english = new ICAL.Event(
      new ICAL.Component(ICAL.parse((await ics(t, '?lang=en')).text)).getFirstSubcomponent('vevent')!,
    );
    expect(english.summary).toBe('Lithuanian BBQ Weekend in Wales');
    expect(english.component.getFirstPropertyValue('url')).toBe('https://bbq.example/apie-rengini?lang=en');

    expect((await ics(t, '?lang=de')).response.status).toBe(400);
  });

  it('is not cached by the nginx of the deploy recipe either (it passes the app’s headers on)', () => {
    const nginx = readFileSync('deploy/nginx-bbq-weekend.conf', 'utf8').replace(/#.*$/gm, '');
    expect(nginx).not.toMatch(/\b(proxy_cache|expires|proxy_ignore_headers|proxy_hide_header)\b/);
    expect(nginx).not.toMatch(/add_header\s+(cache-control|etag|last-modified)/i);
  });

  it('follows a new date at once (no rebuild, no restart), in winter time too', async () => {
    // Issue 31: revalidated (was max-age=300): a copy taken before the move is not current after it.
    const before = await ics(t);
    const oldTag = before.response.headers.get('etag')!;
    expect(oldTag).toMatch(/^"[\w-]+"$/);
    expect(before.response.headers.get('cache-control')).toBe('no-cache');
    const unchanged = await fetch(`${t.url}/renginys.ics`, { headers: { 'if-none-match': oldTag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    // The English file is another file.
    const english = await fetch(`${t.url}/renginys.ics?lang=en`, { headers: { 'if-none-match': oldTag } });
    expect(english.status).toBe(200);

    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'calendar@example.com' });
    const cookie = await sessionCookie(t, admin.id);
    const doc = (await (await call(t, 'GET', '/api/admin/content/event', { cookie })).json()) as {
      draft: Record<string, unknown>;
      draftVersion: number;
    };
    const saved = (await (
      await call(t, 'PUT', '/api/admin/content/event/draft', {
        cookie,
        body: {
          data: { ...doc.draft, start: '2027-01-09T10:00', end: '2027-01-09T16:00' },
          baseVersion: doc.draftVersion,
        },
      })
    ).json()) as { draftVersion: number };
    const published = await call(t, 'POST', '/api/admin/content/event/publish', {
      cookie,
      body: { baseVersion: saved.draftVersion },
    });
    expect(published.status).toBe(200);
    const { response, text } = await fetch(`${t.url}/renginys.ics`, {
      headers: { 'if-none-match': oldTag },
    }).then(async (r) => ({ response: r, text: await r.text() }));
    expect(response.status).toBe(200);
    const newTag = response.headers.get('etag')!;
    expect(newTag).not.toBe(oldTag);
    expect((await fetch(`${t.url}/renginys.ics`, { headers: { 'if-none-match': newTag } })).status).toBe(304);
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-09T10:00:00.000Z');
    expect(text).toContain('DTSTART;TZID=Europe/London:20270109T100000');

    const home = jsonLd(await (await fetch(`${t.url}/?lang=en`)).text());
    expect(home.startDate).toBe('2027-01-09T10:00:00+00:00');
  });

  it('the home page carries a schema.org Event with what search engines require, in each language', async () => {
    for (const lang of ['lt', 'en'] as const) {
      const data = jsonLd(await (await fetch(`${t.url}/?lang=${lang}`)).text());
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe('Event');
      // Required by schema.org's event rich results: name, startDate, location with an address.
      expect(typeof data.name).toBe('string');
      expect(data.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      const location = data.location as Record<string, Record<string, unknown>>;
      expect(location['@type']).toBe('Place');
      expect(location.address!['@type']).toBe('PostalAddress');
      expect(location.geo).toMatchObject({ '@type': 'GeoCoordinates', latitude: 51.6, longitude: -3.4 });
      // Recommended: end, status, image, description, offers, organiser.
      expect(data.endDate).toMatch(/[+-]\d\d:\d\d$/);
      expect(data.eventStatus).toBe('https://schema.org/EventScheduled');
      expect(data.inLanguage).toBe(lang);
      expect((data.image as string[])[0]).toMatch(/^https:\/\/.+\/og-image\.png$/);
      expect(data.description).toBeTruthy();
      expect(data.offers).toMatchObject({ '@type': 'Offer', price: '25.00', priceCurrency: 'GBP' });
      expect(data.organizer).toMatchObject({ '@type': 'Organization', name: expect.any(String) });
      expect(data.name).toBe(
        lang === 'en' ? 'Lithuanian BBQ Weekend in Wales' : 'Lietuvių BBQ savaitgalis Velse',
      );
    }
  });
});
