import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { freshIp } from '@tests/helpers/forms';
import { VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import type { OrderView } from './order-view';
import type { OrderRow } from './admin';

// Issue 19, finding 4: a TEST MODE payment looked exactly like a real one. With PAYMENTS=test
// chosen explicitly in production (https PUBLIC_URL), every place that shows the order says
// TEST and that no money was taken: the order page, the e-mail, the admin list and the CSV.

describe('TEST MODE payments are marked as such everywhere', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { PUBLIC_URL: 'https://bbq.example', PAYMENTS: 'test' });
    cookie = await sessionCookie(t, (await insertAdmin(t.db, await hashPassword('test-payments-admin'))).id);
  });
  afterAll(() => t?.close());

  it('marks the order page, the confirmation e-mail, the admin list and the CSV', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      payload: { ...VALID_ORDER, language: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const { url, token } = created.json<{ url: string; token: string }>();
    const page = await t.app.inject({ method: 'GET', url });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ csrf, action: 'pay' }).toString(),
    });
    expect(paid.statusCode).toBeLessThan(400);

    const view = (await t.app.inject({ method: 'GET', url: `/api/orders/${token}` })).json<OrderView>();
    expect(view).toMatchObject({ payment_status: 'paid', test_payment: true });

    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'shop.order-confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^\[TEST\] /);
    expect(mail.text_body).toContain('No money was taken.');
    expect(mail.html_body).toContain('No money was taken.');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
    const rows = list.json<{ rows: OrderRow[] }>().rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ test_payment: true, payment_status: 'paid' });
    expect(rows[0]).not.toHaveProperty('payment_provider');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv?lang=en',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Paid (TEST — no money taken)');
    const csvLt = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv?lang=lt',
      headers: { cookie },
    });
    expect(csvLt.body).toContain('Apmokėta (TEST — pinigai nenuskaityti)');
  });

  it('a Stripe order carries no TEST mark', async () => {
    await t.db.updateTable('bbq_orders').set({ payment_provider: 'stripe' }).execute();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
    expect(list.json<{ rows: OrderRow[] }>().rows[0]).toMatchObject({ test_payment: false });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders.csv?lang=en',
      headers: { cookie },
    });
    expect(csv.body).not.toContain('TEST');
  });
});
