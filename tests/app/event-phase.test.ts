import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { eventInstant } from '~/platform/event/instant';

// Issue 30: registration opens and closes by itself (UK time), and after the weekend the home
// page and the banner thank everyone instead of inviting; pages kept in memory follow the
// clock without a publish, and the server refuses what the page no longer offers.

const OPENS = '2026-07-10T09:00';
const FORM = 'application/x-www-form-urlencoded';

// Each step publishes and renders pages again: slow on a loaded two-core machine.
vi.setConfig({ testTimeout: 120_000 });

describe.each(DEFAULT_TEST_DATABASE)('the event phase on the pages (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  /** The app's clock runs this far behind real time. */
  let behind = 0;
  const setClock = (at: Date) => {
    behind = Date.now() - at.getTime();
  };
  const page = async (path: string, lang: 'lt' | 'en') => {
    const response = await fetch(`${t.url}${path}?lang=${lang}`);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    setClock(new Date('2026-07-01T12:00:00Z'));
    t = await startTestApp(kind, {}, { now: () => new Date(Date.now() - behind) });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'phase@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const publishOpening = (opens: string) =>
    publishContent(t, cookie, 'event', { registration: { opens, closes: '' } });

  it('before it opens: the page says when, in both languages, and a post with or without scripts stores nothing', async () => {
    await publishOpening(OPENS);
    const lt = await page('/registracija', 'lt');
    expect(lt.html).toContain('Registracija prasidės 2026 m. liepos 10 d., penktadienis 09:00');
    expect(lt.html).not.toContain('name="firstName"');
    expect((await page('/registracija', 'en')).html).toContain(
      'Registration opens on Friday, 10 July 2026 at 09:00',
    );

    const { url, body } = validRequests.registration;
    const json = await postForm(t.app, url, body);
    expect(json.status, JSON.stringify(json.body)).toBe(409);
    expect(json.body).toMatchObject({
      error: 'registration_not_open',
      message: 'registration:window.refusedNotYet',
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/registracija?lang=en',
      headers: { 'content-type': FORM },
      // As the browser posts the form: a name twice for two ticked boxes.
      payload:
        'firstName=R%C5%ABta&lastName=Zemaityte&email=ruta.nojs%40example.com&phone=%2B44+7700+900456' +
        '&participationType=compete&participationType=music&camping=tent&adults=2&children=0' +
        '&dietaryNeeds=&accessibilityNeeds=&notes=&agreedToRules=on&dataConsent=on&homepage=',
    });
    expect(posted.statusCode).toBe(409);
    expect(posted.body).toContain('Registration opens on Friday, 10 July 2026 at 09:00');
    expect(await t.db.selectFrom('registrations').select('id').execute()).toEqual([]);
  });

  it('when the time comes, the pages in memory change by themselves, and registrations are taken', async () => {
    // 1.5 s before it opens (09:00 UK summer time is 08:00 UTC).
    setClock(new Date(eventInstant(OPENS).getTime() - 1500));
    await publishOpening(OPENS); // the same facts, read against the new clock
    expect((await page('/registracija', 'lt')).html).not.toContain('name="firstName"');
    await expect
      .poll(async () => (await page('/registracija', 'lt')).html, { timeout: 60_000, interval: 250 })
      .toContain('name="firstName"');
    const { url, body } = validRequests.registration;
    expect((await postForm(t.app, url, body)).status).toBe(201);
  });

  it('after the weekend: the home page and the banner thank everyone; the registration page says it is over', async () => {
    // The first content's weekend ends at 12:00 on 16 August 2026.
    setClock(new Date('2026-08-20T12:00:00Z'));
    await publishOpening('');
    const home = await page('/', 'lt');
    expect(home.html).toContain('Ačiū, kad buvote BBQ savaitgalyje 2026!');
    expect((await page('/', 'en')).html).toContain('Thank you for BBQ weekend 2026!');
    // The banner on every page.
    expect((await page('/duk', 'en')).html).toContain('The date of the next one is coming soon.');
    expect((await page('/registracija', 'lt')).html).toContain(
      'Savaitgalis baigėsi – ačiū, kad buvote kartu!',
    );
    const { url, body } = validRequests.registration;
    expect((await postForm(t.app, url, { ...body, email: 'after@example.com' })).status).toBe(409);
  });
});
