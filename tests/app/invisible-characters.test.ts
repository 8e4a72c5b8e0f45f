import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { freshIp, postForm, validRequests } from '@tests/helpers/forms';
import { tableCounts } from '@tests/helpers/fuzz';
import { VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 42, item 5: U+202E (right-to-left override) and the other direction controls in a
// name reordered what the admin lists, the CSV and the check-in screen showed. The public
// forms now refuse the controls that reorder text (a translated field error) and drop the
// other invisible characters silently, emoji joins kept; the outputs show a row stored
// before the rule without them.

const RLO = '\u202E';
const DIRECTION = 'forms:validation.directionControls';
/** Every free-text field the public sends, per form (e-mail and phone have their own patterns). */
const FREE_TEXT = {
  registration: ['firstName', 'lastName', 'dietaryNeeds', 'accessibilityNeeds', 'notes'],
  contact: ['name', 'message'],
  sponsor: ['companyName', 'contactPerson', 'message'],
} as const;

describe.each(DEFAULT_TEST_DATABASE)('direction controls and invisible characters (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, await hashPassword('invisible-characters-test'));
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const refusedFor = (response: { status: number; body: Record<string, unknown> }, field: string) => {
    expect(response.status, field).toBe(400);
    expect(response.body.fields, field).toEqual(expect.arrayContaining([{ field, message: DIRECTION }]));
  };

  it('the JSON API refuses a direction control in every free text of the forms and the order, nothing stored', async () => {
    const before = await tableCounts(t.db);
    for (const [name, fields] of Object.entries(FREE_TEXT)) {
      const { url, body } = validRequests[name as keyof typeof FREE_TEXT];
      for (const field of fields) {
        for (const control of [RLO, '\u202A', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069']) {
          const value = `Jonas ${control}sainoJ`;
          refusedFor(await postForm(t.app, url, { ...body, [field]: value }, { ip: freshIp() }), field);
        }
      }
    }
    const order = (change: Record<string, unknown>) =>
      postForm(t.app, '/api/orders', { ...VALID_ORDER, ...change }, { ip: freshIp() });
    refusedFor(await order({ customer_name: `Jonas ${RLO}sitianoJ` }), 'customer_name');
    refusedFor(await order({ notes: `${RLO}gnp.exe` }), 'notes');
    refusedFor(
      await order({ delivery_address: { ...VALID_ORDER.delivery_address, street: `5 ${RLO}Lake Road` } }),
      'delivery_address.street',
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the form posted without scripts answers the page with the translated reason', async () => {
    const form = new URLSearchParams({
      firstName: `Rūta${RLO}`,
      lastName: 'Žemaitytė',
      email: 'ruta.rlo@example.com',
      phone: '+44 7700 900456',
      participationType: 'compete',
      camping: 'tent',
      adults: '2',
      children: '0',
      dietaryNeeds: '',
      accessibilityNeeds: '',
      notes: '',
      agreedToRules: 'on',
      dataConsent: 'on',
      homepage: '',
    });
    for (const [path, text] of [
      ['/registracija', 'Šiame lauke yra nematomų teksto krypties ženklų'],
      ['/registracija?lang=en', 'This field contains invisible direction characters'],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
        remoteAddress: freshIp(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(text);
    }
    expect(
      await t.db
        .selectFrom('registrations')
        .select('id')
        .where('email', '=', 'ruta.rlo@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('zero-width characters and direction marks are dropped silently; emoji joins and flags stay', async () => {
    const { url, body } = validRequests.registration;
    const notes = 'Atvyksime 👨‍👩‍👧 su 🏴󠁧󠁢󠁷󠁬󠁳󠁿 vėliava';
    const answer = await postForm(
      t.app,
      url,
      {
        ...body,
        email: 'zero.width@example.com',
        firstName: 'Rū\u200Bta\u200F',
        lastName: '\uFEFFŽemai\u00ADtytė\u2060',
        notes: `${notes}\u200C`,
      },
      { ip: freshIp() },
    );
    expect(answer.status).toBe(201);
    const row = await t.db
      .selectFrom('registrations')
      .select(['first_name', 'last_name', 'notes'])
      .where('email', '=', 'zero.width@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Rūta', last_name: 'Žemaitytė', notes });
  });

  it('a row stored before the rule cannot reorder the check-in list, the admin list or the CSV', async () => {
    // As an older release stored it.
    const { id } = await insertRegistration(t.db, { first_name: `${RLO}=1+1 ${RLO}sanoJ` });
    await t.db.updateTable('registrations').set({ last_name: `Old\u2067Row` }).where('id', '=', id).execute();

    const list = await t.app.inject({ method: 'GET', url: '/api/check-in', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const party = (
      list.json() as { parties: { id: string; firstName: string; lastName: string }[] }
    ).parties.find((p) => p.id === id);
    expect(party).toMatchObject({ firstName: '=1+1 sanoJ', lastName: 'OldRow' });

    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('OldRow');
    expect(admin.body).not.toMatch(/\\u202e|\\u2067|\u202E|\u2067/i);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/registrations.csv',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // With the control gone the cell starts with '=': still made inert.
    expect(csv.body).toContain("'=1+1 sanoJ");
    expect(csv.body).toContain('OldRow');
  });
});
