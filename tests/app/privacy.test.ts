import { insertOrder } from '@tests/helpers/admin';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFormTables, postForm, validRequests } from '@tests/helpers/forms';
import { VALID_ORDER } from '@tests/helpers/orders';
import { upcomingEdition } from '~/platform/event/editions.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { afterAnswerSettled } from '~/platform/http/after-answer.server';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';

// Issue 14: the privacy notice shows the organisers' retention periods; each form's
// confirmation carries a private link to see, correct, cancel or delete what was sent.

const LINK = /\/mano-duomenys\?link=([A-Za-z0-9_-]{43})/;

describe.each(TEST_DATABASE_KINDS)('privacy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clearFormTables(t.db);
    await t.db.deleteFrom('self_service_links').execute();
  });

  /** Sends a form and returns the private link from the sender's confirmation e-mail. */
  async function send(form: 'registration' | 'contact' | 'sponsor', changes: Record<string, unknown> = {}) {
    const request = validRequests[form];
    const response = await postForm(t.app, request.url, { ...request.body, ...changes });
    expect(response.status).toBe(201);
    const email = String(changes.email ?? request.body.email);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const token = LINK.exec(mail.text_body)?.[1];
    expect(token, 'the confirmation carries the private link').toBeDefined();
    expect(mail.html_body).toContain(`/mano-duomenys?link=${token}`);
    return token!;
  }

  const api = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', path: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${path}?link=${token}&lang=en`,
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('a registration stores its consents (text and time) and the end of its event', async () => {
    await send('registration');
    const row = await t.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row.consents).sort()).toEqual(['dataProcessing', 'health', 'rules']);
    expect(row.consents.dataProcessing!.text).toMatch(/^Sutinku, kad organizatoriai naudotų mano duomenis/);
    expect(row.consents.dataProcessing!.text).not.toContain('<privacy>');
    expect(Date.parse(row.consents.health!.at)).toBeGreaterThan(Date.now() - 60_000);
    // The published event's end, or none when that event is already over (the facts not yet
    // moved to next year): never a past end, which would purge the registration at once.
    const { end } = (
      await t.db
        .selectFrom('content_documents')
        .select('published')
        .where('type', '=', 'event')
        .executeTakeFirstOrThrow()
    ).published as { end: string };
    const ended = Date.parse(`${end}:00Z`) < Date.now() - 2 * 3_600_000;
    if (ended) expect(row.event_ends_at).toBeNull();
    else expect(row.event_ends_at!.getTime()).toBeGreaterThan(Date.now());
  });

  it('the link shows the registration, corrects it, cancels it and can be ended', async () => {
    const token = await send('registration', { email: 'self@example.com' });
    const view = await api('GET', '/api/my-data', token);
    expect(view.statusCode).toBe(200);
    const shown = view.json() as {
      title: string;
      fields: Array<{ name: string; value: string; editable?: unknown }>;
    };
    expect(shown.title).toBe('Your registration');
    expect(shown.fields.find((field) => field.name === 'phone')).toMatchObject({
      value: '+44 7700 900456',
      editable: { kind: 'text' },
    });
    expect(shown.fields.find((field) => field.name === 'email')).not.toHaveProperty('editable');
    expect(shown.fields.find((field) => field.name === 'camping')?.value).toBe('In a tent at the campsite');

    const corrected = await api('PATCH', '/api/my-data', token, {
      firstName: 'Rūta',
      lastName: 'Žemaitytė-Kairė',
      phone: '+44 7700 900999',
      participationType: ['compete', 'music'],
      camping: 'tent',
      adults: 3,
      children: 0,
      dietaryNeeds: '',
      accessibilityNeeds: '',
      healthConsent: false,
      notes: '',
    });
    expect(corrected.statusCode).toBe(200);
    const row = await t.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      last_name: 'Žemaitytė-Kairė',
      phone: '+44 7700 900999',
      adults: 3,
      dietary_needs: null,
    });
    expect(row.consents).not.toHaveProperty('health');

    // Needs without their consent are refused, and nothing changes.
    const refused = await api('PATCH', '/api/my-data', token, {
      firstName: 'Rūta',
      lastName: 'Ž',
      phone: '1',
      participationType: ['compete', 'music'],
      camping: 'tent',
      adults: 0,
      children: 0,
      dietaryNeeds: 'Nuts',
      accessibilityNeeds: '',
      healthConsent: false,
      notes: '',
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { fields: Array<{ field: string }> }).fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['lastName', 'phone', 'adults']),
    );
    const withNeeds = await api('PATCH', '/api/my-data', token, {
      firstName: 'Rūta',
      lastName: 'Žemaitytė',
      phone: '+44 7700 900999',
      participationType: ['compete', 'music'],
      camping: 'tent',
      adults: 2,
      children: 0,
      dietaryNeeds: 'Nuts',
      accessibilityNeeds: '',
      healthConsent: false,
      notes: '',
    });
    expect(withNeeds.statusCode).toBe(400);
    expect(withNeeds.json()).toMatchObject({
      fields: [{ field: 'healthConsent', message: 'registration:validation.healthConsent' }],
    });
    expect(await t.db.selectFrom('registrations').select('last_name').executeTakeFirstOrThrow()).toEqual({
      last_name: 'Žemaitytė-Kairė',
    });

    const cancelled = await api('POST', '/api/my-data/cancel', token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelled: true, cancellable: false });
    expect(await t.db.selectFrom('registrations').select('status').executeTakeFirstOrThrow()).toEqual({
      status: 'cancelled',
    });

    expect((await api('POST', '/api/my-data/revoke', token)).statusCode).toBe(200);
    expect((await api('GET', '/api/my-data', token)).statusCode).toBe(404);
    expect(await t.db.selectFrom('registrations').select('id').execute()).toHaveLength(1);

    const actions = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('actor', '=', 'self-service')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'privacy.self_service.corrected',
        'privacy.self_service.cancelled',
        'privacy.self_service.link_revoked',
      ]),
    );
  });

  it('deleting through the link leaves the e-mail, name and phone in no table', async () => {
    const email = 'forget.me@example.com';
    const token = await send('registration', { email, firstName: 'Unforgettable', phone: '+44 7700 912345' });
    // Another person's record stays.
    await send('contact', { email: 'someone.else@example.com' });
    const erased = await api('DELETE', '/api/my-data', token);
    expect(erased.statusCode).toBe(200);
    expect((await api('GET', '/api/my-data', token)).statusCode).toBe(404);

    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('media_variants', 'kysely_migration', 'kysely_migration_lock')
    `.execute(t.db);
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { table_name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(table_name)}`.execute(t.db);
      const dump = JSON.stringify(rows.rows);
      for (const value of [email, 'Unforgettable', '7700 912345'])
        expect(dump.includes(value), `${table_name} still holds ${value}`).toBe(false);
    }
    expect(await t.db.selectFrom('contacts').select('email').execute()).toEqual([
      { email: 'someone.else@example.com' },
    ]);
  });

  it('contact messages and sponsor applications: shown, corrected, deleted', async () => {
    const contact = await send('contact');
    const view = (await api('GET', '/api/my-data', contact)).json() as {
      title: string;
      fields: Array<{ name: string; value: string }>;
    };
    expect(view.title).toBe('Your message');
    expect(view.fields.find((field) => field.name === 'message')?.value).toBe(
      validRequests.contact.body.message,
    );
    const renamed = await api('PATCH', '/api/my-data', contact, { name: 'Jonas P.', phone: '' });
    expect(renamed.statusCode).toBe(200);
    expect(await t.db.selectFrom('contacts').select(['name', 'phone']).executeTakeFirstOrThrow()).toEqual({
      name: 'Jonas P.',
      phone: null,
    });
    expect((await api('POST', '/api/my-data/cancel', contact)).statusCode).toBe(404);

    const application = await send('sponsor');
    expect((await api('DELETE', '/api/my-data', application)).statusCode).toBe(200);
    expect(await t.db.selectFrom('sponsor_applications').select('id').execute()).toEqual([]);
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('related_table')
        .where('related_table', '=', 'sponsor_applications')
        .execute(),
    ).toEqual([]);
  });

  /** "Send me my links" from one visitor address; answered before anything is looked up. */
  const askForLinks = (payload: Record<string, unknown>, ip = '10.31.7.1') =>
    t.app.inject({ method: 'POST', url: '/api/my-data/links', remoteAddress: ip, payload });
  const linkMails = (email: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('template', '=', 'privacy.my-links')
      .where('to_address', '=', email)
      .execute();

  it('"send me my links": one e-mail listing each record with a fresh link; the same answer for an unknown address', async () => {
    const email = 'lost.links@example.com';
    const old = await send('registration', { email });
    await send('contact', { email: 'LOST.links@example.com' });
    await send('sponsor', { email: 'someone.else@example.com' });

    const known = await askForLinks({ email: 'Lost.Links@example.com', language: 'en' });
    const unknown = await askForLinks({ email: 'nobody@example.com', language: 'en' }, '10.31.7.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    await afterAnswerSettled(t.app); // the asks' lookups done: what they queued is in the outbox
    const [mail, ...more] = await linkMails('lost.links@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your private links');
    const tokens = [...mail!.text_body.matchAll(new RegExp(LINK.source, 'g'))].map((m) => m[1]!);
    expect(tokens).toHaveLength(2);
    expect(mail!.text_body).toContain('Your registration, sent on');
    expect(mail!.text_body).toContain('Your message, sent on');
    expect(mail!.html_body).toContain(`/mano-duomenys?link=${tokens[0]}&amp;lang=en`);
    // Each fresh link opens its record; the old one keeps working.
    const titles = await Promise.all(
      tokens.map(
        async (token) => ((await api('GET', '/api/my-data', token)).json() as { title: string }).title,
      ),
    );
    expect(titles.sort()).toEqual(['Your message', 'Your registration']);
    expect((await api('GET', '/api/my-data', old)).statusCode).toBe(200);
    expect(await linkMails('nobody@example.com')).toEqual([]);

    // Asking again at once answers the same and sends nothing more; bad input is a 400.
    expect((await askForLinks({ email, language: 'lt' }, '10.31.7.3')).json()).toEqual({ ok: true });
    await afterAnswerSettled(t.app); // the ask's lookup done: whatever it queued is in the outbox
    expect(await linkMails(email)).toHaveLength(1);
    const bad = await askForLinks({ email: 'not an address', language: 'en' }, '10.31.7.4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ field: 'email', message: 'privacy:links.errors.email' }] });

    // Deleting one record through its link takes the e-mail that listed it too.
    expect((await api('DELETE', '/api/my-data', tokens[0]!)).statusCode).toBe(200);
    expect(await linkMails(email)).toEqual([]);
  });

  // Issue 44: "My bookings" — one ask brings the registration's links and the orders' link.
  it('"send me my links" also sends the order-history link to an address with orders', async () => {
    const email = 'bookings@example.com';
    await send('registration', { email });
    await insertOrder(t.db, { customer_email: 'Bookings@example.com' });
    expect((await askForLinks({ email, language: 'en' }, '10.31.7.9')).statusCode).toBe(200);
    await expect.poll(async () => (await linkMails(email)).length).toBe(1);
    await expect
      .poll(async () =>
        (
          await t.db
            .selectFrom('mail_outbox')
            .select('text_body')
            .where('template', '=', 'shop.order-history-link')
            .where('to_address', '=', email)
            .execute()
        ).map((mail) => /\/order-history\?link=[^\s&]+&lang=en/.test(mail.text_body)),
      )
      .toEqual([true]);
  });

  it('"send me my links" without scripts: /mano-duomenys answers in HTML, values kept on an error; the notice links to it', async () => {
    const email = 'no.script.links@example.com';
    await send('contact', { email });
    const form = (url: string, fields: Record<string, string>, ip: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const notice = await t.app.inject({ method: 'GET', url: '/privatumas' });
    expect(notice.body).toContain('href="/mano-duomenys#mano-nuorodos"');
    const sent = await form('/mano-duomenys?lang=en', { email, homepage: '' }, '10.31.9.1');
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.body).toContain('Request received');
    await expect.poll(async () => (await linkMails(email)).length).toBe(1);
    expect((await linkMails(email))[0]!.subject).toBe('Your private links');

    const bad = await form('/mano-duomenys', { email: 'not-an-address', homepage: '' }, '10.31.9.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Įrašykite teisingą el. pašto adresą.');
    expect(bad.body).toContain('value="not-an-address"');
    // The same budget as the API: the sixth ask from one address is refused, with the value kept.
    for (let i = 0; i < 5; i++)
      await askForLinks({ email: `y${i}@example.com`, language: 'lt' }, '10.31.9.3');
    const limited = await form('/mano-duomenys', { email: 'kept@example.com', homepage: '' }, '10.31.9.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('value="kept@example.com"');
  });

  it('"send me my links" is limited per visitor address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await askForLinks({ email: `x${i}@example.com`, language: 'lt' }, '10.31.8.1')).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('the link downloads everything stored about its address as JSON, without secrets', async () => {
    const email = 'copy.me@example.com';
    const token = await send('registration', { email, firstName: 'Kopija' });
    await send('contact', { email });
    await send('contact', { email: 'someone.else@example.com' });
    const file = await api('GET', '/api/my-data/export', token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    const data = file.json() as { email: string; tables: Record<string, Array<Record<string, unknown>>> };
    expect(data.email).toBe(email);
    expect(data.tables.registrations).toHaveLength(1);
    expect(data.tables.registrations![0]!.first_name).toBe('Kopija');
    expect(data.tables.contacts).toHaveLength(1);
    expect(data.tables.mail_outbox!.length).toBeGreaterThan(0);
    expect(file.body).not.toContain('someone.else@example.com');
    expect(file.body).not.toContain('token_hash');
    // The organisers' own records about an address are not part of the person's copy.
    expect(Object.keys(data.tables)).not.toContain('audit_log');
    expect((await api('GET', '/api/my-data/export', 'A'.repeat(43))).statusCode).toBe(404);
  });

  it('a wrong, expired or revoked link answers 404 and changes nothing', async () => {
    const token = await send('contact');
    for (const bad of ['x', 'A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      expect((await api('GET', '/api/my-data', bad)).statusCode, bad).toBe(404);
      expect((await api('DELETE', '/api/my-data', bad)).statusCode, bad).toBe(404);
    }
    await t.db
      .updateTable('self_service_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await api('GET', '/api/my-data', token)).statusCode).toBe(404);
    expect((await api('DELETE', '/api/my-data', token)).statusCode).toBe(404);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(1);
    // Bad input on a correction is a 400, never a 500, and writes nothing.
    await t.db
      .updateTable('self_service_links')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const bad = await api('PATCH', '/api/my-data', token, { name: 'J', phone: 'x', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.selectFrom('contacts').select('name').executeTakeFirstOrThrow()).toEqual({
      name: validRequests.contact.body.name,
    });
  });

  it('the privacy notice shows the published retention periods in each language', async () => {
    for (const [lang, expected] of [
      [
        'lt',
        [
          '90 dienų po renginio pabaigos',
          '12 mėnesių nuo išsiuntimo',
          '24 mėnesiai',
          '30 dienų',
          'Užsakymai – 6 metai',
          'Lietuvių bendruomenė Velse',
        ],
      ],
      [
        'en',
        [
          '90 days after the event ends',
          '12 months after you send them',
          '24 months',
          '30 days after sending',
          'after 6 years',
          'Lithuanian Community in Wales',
        ],
      ],
    ] as const) {
      const html = await (await fetch(`${t.url}/privatumas?lang=${lang}`)).text();
      for (const text of expected) expect(html, `${lang}: ${text}`).toContain(text);
    }
    // A period the organisers change shows at once (the job reads the same content).
    const admin = await t.db
      .selectFrom('content_documents')
      .select('published')
      .where('type', '=', 'retention')
      .executeTakeFirstOrThrow();
    expect(admin.published).toMatchObject({ registrationsDays: 90, ordersYears: 6 });
  });

  it('a customer removes their personal details from a finished order; the accounting record stays', async () => {
    const placed = await postForm(t.app, '/api/orders', {
      ...VALID_ORDER,
      customer_email: 'buyer@example.com',
    });
    expect(placed.status).toBe(201);
    const order = await t.db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('customer_email', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow();
    const erase = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.public_token}/erase`,
        remoteAddress: '10.8.0.1',
      });

    // Not while the order is under way.
    const early = await erase();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'order_in_progress',
      message: 'shop:order.erase.inProgress',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders/nope/erase', remoteAddress: '10.8.0.2' }))
        .statusCode,
    ).toBe(404);

    await t.db
      .updateTable('bbq_orders')
      .set({ order_status: 'delivered' })
      .where('id', '=', order.id)
      .execute();
    const done = await erase();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      personal_erased: true,
      erasable: false,
      order_number: order.order_number,
    });
    const after = await t.db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      order_number: order.order_number,
      total_amount: order.total_amount,
      order_status: 'delivered',
      customer_name: '',
      customer_email: 'erased',
      customer_phone: null,
      delivery_address: null,
      notes: null,
    });
    expect(after.created_at).toEqual(order.created_at);
    expect(
      await t.db.selectFrom('bbq_order_items').select('quantity').where('order_id', '=', order.id).execute(),
    ).toEqual([{ quantity: 2 }]);
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'buyer@example.com')
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('entity_id', '=', order.id)
        .where('actor', '=', 'self-service')
        .execute(),
    ).toEqual([{ action: 'privacy.self_service.erased', actor: 'self-service' }]);
    // Twice is harmless.
    expect((await erase()).statusCode).toBe(200);
  });
});

describe('the edition a registration is for', () => {
  it('is the published one while it is ahead, and none once it has passed', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const facts = (end: string) =>
      ({ edition: 6, end, registration: { opens: '', closes: '' } }) as Parameters<typeof upcomingEdition>[0];
    expect(upcomingEdition(facts('2027-08-15T12:00'), now)).toBe(6);
    expect(upcomingEdition(facts('2026-08-16T12:00'), now)).toBeNull();
  });
});
