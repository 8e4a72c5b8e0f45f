import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import {
  clearFormTables,
  countRows,
  outboxRows,
  postForm,
  validRequests,
  withField,
} from '@tests/helpers/forms';

const { url, body } = validRequests.registration;
const key = (name: string) => `registration:validation.${name}`;

// docs/PRODUCT.md (Rules) (registration) plus the group size and free-text limits we add.
const invalidCases: Array<[field: string, value: unknown, message: string]> = [
  ['firstName', 'A', key('firstNameMin')],
  ['firstName', '   ', key('firstNameMin')],
  ['firstName', undefined, key('firstNameMin')],
  ['firstName', 42, key('firstNameMin')],
  ['firstName', 'A'.repeat(81), 'forms:validation.tooLong'],
  ['lastName', 'B', key('lastNameMin')],
  ['lastName', '', key('lastNameMin')],
  ['email', 'not-an-email', key('emailInvalid')],
  ['email', 'ruta@example', key('emailInvalid')],
  ['email', undefined, key('emailInvalid')],
  ['phone', '1234', key('phoneMin')],
  ['phone', '', key('phoneMin')],
  ['phone', 'call me maybe', key('phoneInvalid')],
  ['participationType', [], key('participationTypeRequired')],
  ['participationType', ['sleeping'], key('participationTypeRequired')],
  ['participationType', 'compete', key('participationTypeRequired')],
  ['participationType', undefined, key('participationTypeRequired')],
  ['camping', '', key('campingRequired')],
  ['camping', 'castle', key('campingRequired')],
  ['camping', undefined, key('campingRequired')],
  ['adults', 0, key('adultsRange')],
  ['adults', 31, key('adultsRange')],
  ['adults', 1.5, key('adultsRange')],
  ['adults', '2', key('adultsRange')],
  ['children', -1, key('childrenRange')],
  ['children', 31, key('childrenRange')],
  ['dietaryNeeds', 'x'.repeat(501), 'forms:validation.tooLong'],
  ['accessibilityNeeds', 'x'.repeat(501), 'forms:validation.tooLong'],
  ['notes', 'x'.repeat(2001), 'forms:validation.tooLong'],
  ['agreedToRules', false, key('agreedToRules')],
  ['agreedToRules', 'yes', key('agreedToRules')],
  ['agreedToRules', undefined, key('agreedToRules')],
  ['dataConsent', false, key('dataConsent')],
  ['dataConsent', undefined, key('dataConsent')],
  ['healthConsent', false, key('healthConsent')],
  ['healthConsent', 'yes', key('healthConsent')],
  ['language', 'de', 'common:apiErrors.badRequest'],
];

describe.each(TEST_DATABASE_KINDS)('POST /api/registrations on %s', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp(kind);
  });
  afterAll(async () => {
    await site.close();
  });
  beforeEach(async () => {
    await clearFormTables(site.db);
  });

  it.each(invalidCases)('rejects %s = %j with %s and writes nothing', async (field, value, message) => {
    const response = await postForm(site.app, url, withField(body, field, value));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation');
    expect(response.body.fields).toContainEqual({ field, message });
    expect(await countRows(site.db)).toMatchObject({ registrations: 0, mail_outbox: 0 });
  });

  it('reports every invalid field at once', async () => {
    const response = await postForm(site.app, url, {
      ...body,
      firstName: '',
      lastName: '',
      email: 'x',
      phone: '1',
      participationType: [],
      camping: '',
      agreedToRules: false,
      dataConsent: false,
    });
    expect(response.status).toBe(400);
    const fields = (response.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields.sort()).toEqual(
      [
        'agreedToRules',
        'camping',
        'dataConsent',
        'email',
        'firstName',
        'lastName',
        'participationType',
        'phone',
      ].sort(),
    );
  });

  it('stores a valid registration once, with its confirmation and the organisers’ notification', async () => {
    const response = await postForm(site.app, url, {
      ...body,
      firstName: '  Rūta ',
      participationType: ['compete', 'music', 'compete'],
      notes: 'Atvyksime\npenktadienį vakare.',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ok: true });

    const rows = await site.db.selectFrom('registrations').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      first_name: 'Rūta',
      last_name: 'Žemaitytė',
      email: 'ruta@example.com',
      phone: '+44 7700 900456',
      participation_types: ['compete', 'music'],
      camping: 'tent',
      adults: 2,
      children: 1,
      dietary_needs: 'Vegetarian',
      accessibility_needs: null,
      notes: 'Atvyksime\npenktadienį vakare.',
      agreed_to_rules: true,
      status: 'new',
      language: 'lt',
    });

    const mails = await outboxRows(site.db);
    expect(mails.map((m) => [m.template, m.to_address, m.reply_to])).toEqual([
      ['registration.confirmation', 'ruta@example.com', 'info@lietuviubbq.uk'],
      ['registration.notification', site.config.ORGANISER_EMAIL, 'ruta@example.com'],
    ]);
    for (const mail of mails) {
      expect(mail.related_table).toBe('registrations');
      expect(mail.related_id).toBe(row.id);
    }
    const [confirmation, notification] = mails;
    expect(confirmation!.subject).toBe('Jūsų registracija gauta – Lietuvių BBQ savaitgalis Velse');
    expect(confirmation!.text_body).toContain(
      'Dalyvausiu kepimo konkurse, Prisidėsiu prie muzikinės programos',
    );
    // Issue 44: when and where, the map and the calendar file (the first content's facts).
    expect(confirmation!.text_body).toContain('Kada: 2026 m. rugpjūčio 15 d., šeštadienis');
    expect(confirmation!.text_body).toMatch(/Atvykimas: nuo \d{2}:\d{2}/);
    expect(confirmation!.text_body).toContain(
      'Kur: Ežerų stovyklavietė Pietų Velse, South Wales, United Kingdom',
    );
    expect(confirmation!.text_body).toMatch(/Žemėlapis: https:\/\/www\.openstreetmap\.org\//);
    expect(confirmation!.text_body).toMatch(/kalendorių: \S+\/renginys\.ics\?lang=lt/);
    // What the visitor typed goes to the organisers only (issue 19, finding 7).
    expect(confirmation!.html_body).not.toContain('Atvyksime');
    expect(notification!.html_body).toContain('Atvyksime<br>penktadienį vakare.');
    expect(notification!.subject).toBe('Nauja registracija: Rūta Žemaitytė (3 žm.)');
  });

  it('writes the visitor’s mail in English when they registered in English', async () => {
    const response = await postForm(site.app, url, { ...body, language: 'en' });
    expect(response.status).toBe(201);
    const row = await site.db.selectFrom('registrations').select('language').executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
    const mails = await outboxRows(site.db);
    const confirmation = mails.find((m) => m.template === 'registration.confirmation')!;
    expect(confirmation.subject).toBe('Your registration is in – Lithuanian BBQ Weekend in Wales');
    expect(confirmation.text_body).toContain("I'll enter the cooking competition");
    expect(confirmation.html_body).toContain('<html lang="en">');
    // Issue 44: when and where, the map and the calendar file, in English.
    expect(confirmation.text_body).toContain('When: Saturday, 15 August 2026 – Sunday, 16 August 2026');
    expect(confirmation.text_body).toMatch(/Arrival: from \d{2}:\d{2}/);
    expect(confirmation.text_body).toContain(
      'Where: Lakeside campsite in South Wales, South Wales, United Kingdom',
    );
    expect(confirmation.text_body).toMatch(/calendar: \S+\/renginys\.ics\?lang=en/);
    // The organisers read Lithuanian and see which language to answer in.
    const notification = mails.find((m) => m.template === 'registration.notification')!;
    expect(notification.text_body).toContain('Laiškų kalba: anglų');
  });

  it('escapes what the visitor typed in the HTML part', async () => {
    const response = await postForm(site.app, url, {
      ...body,
      firstName: '<script>alert(1)</script>',
      notes: '<img src=x onerror=alert(1)> & "quotes"',
    });
    expect(response.status).toBe(201);
    for (const mail of await outboxRows(site.db)) {
      expect(mail.html_body).not.toContain('<script>alert');
      expect(mail.html_body).not.toContain('<img src=x');
    }
    // Only the organisers' notice carries what was typed (the visitor's copy never does).
    const notice = (await outboxRows(site.db)).find((m) => m.template === 'registration.notification')!;
    expect(notice.html_body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(notice.text_body).toContain('<img src=x onerror=alert(1)>');
  });
});
