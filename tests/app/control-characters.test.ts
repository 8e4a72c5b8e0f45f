import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { FORM_NAMES, freshIp, postForm, validRequests } from '@tests/helpers/forms';
import { tableCounts } from '@tests/helpers/fuzz';
import { VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Finding 9 of issue 19: NUL (PostgreSQL refuses it in text) and other control characters in
// any text input answered 500. Now every endpoint answers 400 'validation' naming the field,
// from one hook, and nothing is written. Tab, newline and carriage return stay allowed.

const BAD = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085'];

describe.each(DEFAULT_TEST_DATABASE)('control characters in input (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, await hashPassword('control-characters-test'));
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const expectRefused = (response: { status: number; body: Record<string, unknown> }, field: string) => {
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation',
      message: 'common:apiErrors.validation',
      fields: [{ field, message: 'common:apiErrors.controlCharacters' }],
    });
  };

  it('refuses them in every order field, nothing stored', async () => {
    const before = await tableCounts(t.db);
    const cases: [string, Record<string, unknown>][] = [
      ['customer_name', { customer_name: `Jonas${BAD[0]}Jonaitis` }],
      ['notes', { notes: `Prie vartų${BAD[0]}` }],
      ['product_id', { product_id: `charcoal-10kg${BAD[0]}` }],
      [
        'delivery_address.street',
        { delivery_address: { ...VALID_ORDER.delivery_address, street: `5 Lake${BAD[0]} Road` } },
      ],
    ];
    for (const [field, change] of cases) {
      for (const character of BAD) {
        const body = JSON.parse(
          JSON.stringify({ ...VALID_ORDER, ...change }).replaceAll(
            '\\u0000',
            JSON.stringify(character).slice(1, -1),
          ),
        );
        expectRefused(await postForm(t.app, '/api/orders', body), field);
      }
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses them in every text field of the three forms', async () => {
    const before = await tableCounts(t.db);
    for (const name of FORM_NAMES) {
      const { url, body } = validRequests[name];
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        expectRefused(await postForm(t.app, url, { ...body, [field]: `${value}\u0000x` }), field);
      }
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('keeps tab, newline and carriage return', async () => {
    const { url, body } = validRequests.contact;
    const response = await postForm(t.app, url, { ...body, message: 'Eilutė viena\r\nEilutė\tdvi' });
    expect(response.status).toBe(201);
  });

  it('refuses them in query strings and paths: admin search, order pages', async () => {
    for (const list of ['orders', 'contacts', 'registrations', 'outbox', 'audit']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${list}?q=${encodeURIComponent('Jonas\u0000')}`,
        headers: { cookie },
      });
      expectRefused({ status: response.statusCode, body: response.json() }, 'q');
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?q=${encodeURIComponent('\u0000')}`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(400);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${encodeURIComponent('ab\u0000cd')}`,
    });
    expect(order.statusCode).toBe(400);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/orders/history?link=${encodeURIComponent('x\u0000y')}`,
      remoteAddress: freshIp(),
    });
    expect(history.statusCode).toBe(400);
    // The usual search still works.
    const ok = await t.app.inject({ method: 'GET', url: '/api/admin/orders?q=Jonas', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
  });
});
