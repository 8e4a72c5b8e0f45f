import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { afterAnswerSettled } from '~/platform/http/after-answer.server';
import { signHistoryToken } from './history-link.server';
import type { OrderView } from './order-view';

// The shop's public API against a real database, with the built-in test payment provider
// (Stripe is not configured here; see shop.stripe.test.ts for the Stripe path).

const validOrder = (overrides: Record<string, unknown> = {}) => ({
  product_id: 'charcoal-10kg',
  quantity: 2,
  customer_name: 'Jonas Jonaitis',
  customer_email: 'jonas@example.lt',
  customer_phone: '+44 7700 900123',
  delivery_method: 'delivery',
  delivery_address: { street: 'Gedimino pr. 1-2', city: 'Vilnius', postal_code: 'LT-01103', country: 'LT' },
  notes: 'Prašome skambinti prieš atvežant',
  language: 'lt',
  ...overrides,
});

/** Each call looks like a different visitor (TRUST_PROXY), so rate limits stay out of the way. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`shop API with the test provider (${kind})`, () => {
    let app: TestApp;
    let smtp: TestSmtp;

    beforeAll(async () => {
      smtp = await startTestSmtp();
      app = await startTestApp(kind, {
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        PUBLIC_URL: 'https://bbq.example',
      });
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });

    const api = (path: string, init: RequestInit & { ip?: string } = {}) =>
      fetch(`${app.url}${path}`, {
        ...init,
        redirect: 'manual',
        headers: { 'x-forwarded-for': init.ip ?? randomIp(), ...(init.headers as Record<string, string>) },
      });
    const postJson = (path: string, body: unknown, ip?: string) =>
      api(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        ip,
      });
    const countRows = async () => {
      const orders = await app.db
        .selectFrom('bbq_orders')
        .select(app.db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const items = await app.db
        .selectFrom('bbq_order_items')
        .select(app.db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { orders: Number(orders.n), items: Number(items.n) };
    };
    const createOrder = async (overrides: Record<string, unknown> = {}) => {
      const response = await postJson('/api/orders', validOrder(overrides));
      expect(response.status).toBe(201);
      return (await response.json()) as { url: string; order_number: string; token: string };
    };
    const orderByToken = (token: string) =>
      app.db.selectFrom('bbq_orders').selectAll().where('public_token', '=', token).executeTakeFirstOrThrow();
    const mailsFor = (orderId: string) =>
      app.db.selectFrom('mail_outbox').selectAll().where('related_id', '=', orderId).execute();

    /** Reads the test checkout page's form token, as the browser would. */
    async function checkoutToken(url: string) {
      const page = await api(url);
      expect(page.status).toBe(200);
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
      expect(csrf).toBeTruthy();
      return csrf!;
    }
    const submitCheckout = (url: string, csrf: string, action: 'pay' | 'cancel') =>
      api(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ csrf, action }).toString(),
      });
    const testCheckout = async (url: string, action: 'pay' | 'cancel') =>
      submitCheckout(url, await checkoutToken(url), action);

    it('creates a pending order priced from the products table, in pence', async () => {
      const created = await createOrder({ quantity: 3 });
      expect(created.order_number).toMatch(/^BBQ-\d{4}-\d{6}$/);
      expect(created.url).toMatch(/^\/pay\/test\/test_[A-Za-z0-9_-]{32}$/);

      const order = await orderByToken(created.token);
      expect(order).toMatchObject({
        order_number: created.order_number,
        order_status: 'pending',
        payment_status: 'pending',
        total_amount: 3 * 1999,
        delivery_cost: 0,
        currency: 'GBP',
        language: 'lt',
        payment_provider: 'test',
        customer_phone: '+44 7700 900123',
        delivery_address: {
          street: 'Gedimino pr. 1-2',
          city: 'Vilnius',
          postal_code: 'LT-01103',
          country: 'LT',
        },
      });
      expect(order.paid_at).toBeNull();
      const items = await app.db
        .selectFrom('bbq_order_items')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(items).toEqual([
        expect.objectContaining({
          product_id: 'charcoal-10kg',
          product_name: 'Medžio anglys 10 kg',
          quantity: 3,
          product_price: 1999,
          total_price: 5997,
        }),
      ]);
    });

    it('takes prices only from the database: price fields are refused and totals follow the table', async () => {
      const before = await countRows();
      for (const tampered of [
        { price: 1 },
        { total_amount: 1 },
        { unit_price: 1 },
        { product_price: 0 },
        { delivery_cost: -500 },
        { payment_status: 'paid' },
        { items: [{ product_id: 'charcoal-10kg', price: 1 }] },
      ]) {
        const response = await postJson('/api/orders', validOrder(tampered));
        expect(response.status, JSON.stringify(tampered)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toBe('validation');
      }
      expect(await countRows()).toEqual(before);

      // The server reads the products table at order time: change the price there, the order follows.
      await app.db
        .updateTable('products')
        .set({ price_pence: 2345 })
        .where('id', '=', 'wood-chips')
        .execute();
      const created = await createOrder({ product_id: 'wood-chips', quantity: 4 });
      expect((await orderByToken(created.token)).total_amount).toBe(4 * 2345);
      await app.db.updateTable('products').set({ price_pence: 499 }).where('id', '=', 'wood-chips').execute();
    });

    it('rejects quantities outside 1–10 and non-numbers, writing nothing', async () => {
      const before = await countRows();
      for (const quantity of [0, 11, -1, 2.5, 'abc', '3', null, true]) {
        const response = await postJson('/api/orders', validOrder({ quantity }));
        expect(response.status, String(quantity)).toBe(400);
        const body = (await response.json()) as { fields: Array<{ field: string; message: string }> };
        expect(body.fields).toContainEqual({ field: 'quantity', message: 'shop:orderForm.errors.quantity' });
      }
      const { quantity: _omitted, ...withoutQuantity } = validOrder();
      expect((await postJson('/api/orders', withoutQuantity)).status).toBe(400);
      expect(await countRows()).toEqual(before);
      for (const quantity of [1, 10]) await createOrder({ quantity });
    });

    it('requires the delivery address only for delivery, and stores a country code', async () => {
      const before = await countRows();
      const { delivery_address: _none, ...noAddress } = validOrder();
      expect((await postJson('/api/orders', noAddress)).status).toBe(400);
      for (const address of [
        { street: '', city: 'Vilnius', postal_code: 'LT-01103', country: 'LT' },
        { street: 'Gedimino pr. 1', city: 'Vilnius', postal_code: '', country: 'LT' },
        { street: 'Gedimino pr. 1', city: 'Vilnius', postal_code: 'LT-01103', country: 'Lietuva' },
        { street: 'Gedimino pr. 1', city: 'Vilnius', postal_code: 'LT-01103', country: 'XX' },
        { street: 'Gedimino pr. 1', city: 'Vilnius', postal_code: 'LT-01103' },
      ]) {
        expect((await postJson('/api/orders', validOrder({ delivery_address: address }))).status).toBe(400);
      }
      expect((await postJson('/api/orders', validOrder({ delivery_method: 'drone' }))).status).toBe(400);
      expect(await countRows()).toEqual(before);

      const pickup = await createOrder({ delivery_method: 'pickup', delivery_address: undefined });
      expect((await orderByToken(pickup.token)).delivery_address).toBeNull();
      // What was typed into the hidden address fields before choosing pickup is not kept.
      const pickupWithAddress = await createOrder({ delivery_method: 'pickup' });
      expect((await orderByToken(pickupWithAddress.token)).delivery_address).toBeNull();
      const uk = await createOrder({
        delivery_address: { street: '1 Lake Road', city: 'Cardiff', postal_code: 'CF10 1AA', country: 'GB' },
      });
      expect((await orderByToken(uk.token)).delivery_address).toMatchObject({ country: 'GB' });
    });

    it('validates the customer fields', async () => {
      const before = await countRows();
      for (const bad of [
        { customer_name: 'J' },
        { customer_name: '' },
        { customer_email: 'not-an-email' },
        { customer_phone: '12' },
        { customer_phone: 'call me' },
        { notes: 'x'.repeat(1001) },
        { language: 'de' },
      ]) {
        expect((await postJson('/api/orders', validOrder(bad))).status, JSON.stringify(bad)).toBe(400);
      }
      expect(await countRows()).toEqual(before);
      const noPhone = await createOrder({ customer_phone: '', notes: '' });
      expect(await orderByToken(noPhone.token)).toMatchObject({ customer_phone: null, notes: null });
    });

    it('answers 404 for an unknown product and 4xx for malformed requests, writing nothing', async () => {
      const before = await countRows();
      const unknown = await postJson('/api/orders', validOrder({ product_id: 'gold-bar' }));
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'product_not_found' });
      for (const init of [
        { body: '{"product_id":', headers: { 'content-type': 'application/json' } },
        { body: 'null', headers: { 'content-type': 'application/json' } },
        { body: '[]', headers: { 'content-type': 'application/json' } },
        {
          body: 'product_id=charcoal-10kg',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ]) {
        const response = await api('/api/orders', { method: 'POST', ...init });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      expect(await countRows()).toEqual(before);
    });

    it('gives unguessable 256-bit tokens and shows an order only by its token', async () => {
      const created = await Promise.all(Array.from({ length: 8 }, () => createOrder()));
      const tokens = new Set(created.map((order) => order.token));
      expect(tokens.size).toBe(8);
      for (const { token, url } of created) {
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Buffer.from(token, 'base64url')).toHaveLength(32);
        // The test checkout page's address is a secret too: 192 random bits.
        expect(Buffer.from(url.replace('/pay/test/test_', ''), 'base64url')).toHaveLength(24);
      }
      expect(new Set(created.map((order) => order.url)).size).toBe(8);
      const [first] = created;
      const order = await orderByToken(first!.token);
      for (const guess of [
        first!.order_number,
        encodeURIComponent(first!.order_number),
        order.id,
        first!.order_number.slice(-6),
        first!.token.slice(0, 42),
        `${first!.token}x`,
      ]) {
        expect((await api(`/api/orders/${guess}`)).status, guess).toBe(404);
      }
      expect((await api(`/api/orders?order_number=${first!.order_number}`)).status).toBe(404);

      const response = await api(`/api/orders/${first!.token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const view = (await response.json()) as OrderView & { id?: string };
      expect(view).toMatchObject({
        token: first!.token,
        order_number: first!.order_number,
        payment_status: 'pending',
        order_status: 'pending',
        total_amount: 3998,
        checkout_cancelled: false,
        items: [{ product_id: 'charcoal-10kg', quantity: 2, product_price: 1999, total_price: 3998 }],
      });
      expect(view.id).toBeUndefined();
    });

    it('answers 404 to a wrong or missing token on every order address', async () => {
      const { token, url } = await createOrder();
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const session = url.replace('/pay/test/', '');
      const wrongSession = `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`;
      const addresses = [
        '/api/orders',
        '/api/orders/',
        `/api/orders/${flipped}`,
        `/api/orders/${'A'.repeat(43)}`,
        '/api/orders/history',
        '/api/orders/history?link=',
        `/api/orders/history?link=${token}`,
        '/pay/test/',
        `/pay/test/${wrongSession}`,
        `/pay/test/${token}`,
      ];
      for (const address of addresses) {
        expect((await api(address)).status, `GET ${address}`).toBe(404);
      }
      for (const address of ['/pay/test/', `/pay/test/${wrongSession}`]) {
        const response = await api(address, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          body: 'action=pay&csrf=x',
        });
        expect(response.status, `POST ${address}`).toBe(404);
      }
      // The browser's own order list reveals nothing for a wrong token either.
      const lookup = await postJson('/api/orders/lookup', { tokens: [flipped] });
      expect(await lookup.json()).toEqual({ orders: [] });
      expect((await orderByToken(token)).payment_status).toBe('pending');
    });

    it('never lets a browser request mark an order paid', async () => {
      const { token } = await createOrder();
      const attempts = [
        api(`/api/orders/${token}`, {
          method: 'PATCH',
          body: '{"payment_status":"paid"}',
          headers: { 'content-type': 'application/json' },
        }),
        api(`/api/orders/${token}`, {
          method: 'PUT',
          body: '{"payment_status":"paid"}',
          headers: { 'content-type': 'application/json' },
        }),
        postJson(`/api/orders/${token}`, { payment_status: 'paid' }),
        postJson(`/api/orders/${token}/pay`, {}),
        api(`/api/orders/${token}?payment_status=paid&session_id=x`),
        api(`/order-success?order_id=${token}&payment=success`),
        postJson('/api/payments/stripe/webhook', { type: 'checkout.session.completed' }),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status).not.toBe(500);
      const order = await orderByToken(token);
      expect(order).toMatchObject({ payment_status: 'pending', order_status: 'pending', paid_at: null });
      expect(await mailsFor(order.id)).toHaveLength(0);
    });

    it('pays on the TEST MODE checkout page through the fulfilment path, once', async () => {
      const created = await createOrder({ language: 'en', customer_email: 'pay-once@example.co.uk' });
      const page = await api(created.url);
      const html = await page.text();
      expect(page.headers.get('content-type')).toContain('text/html');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('TEST MODE');
      expect(html).toContain('Pay £39.98');
      expect(html).toContain(created.order_number);
      expect(html).not.toMatch(/<script/i);

      const csrf = await checkoutToken(created.url);
      const paid = await submitCheckout(created.url, csrf, 'pay');
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`/order-success?order_id=${created.token}&lang=en`);
      const order = await orderByToken(created.token);
      expect(order).toMatchObject({
        payment_status: 'paid',
        order_status: 'confirmed',
        payment_flagged: false,
      });
      expect(order.paid_at).toBeInstanceOf(Date);

      // Again (a double click, the back button): nothing changes.
      const again = await Promise.all([1, 2, 3].map(() => submitCheckout(created.url, csrf, 'pay')));
      expect(again.map((response) => response.status)).toEqual([303, 303, 303]);
      expect(await (await api(created.url)).text()).toContain('This order is already paid');
      const audit = await app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', order.id)
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['order.paid']);
      const mails = await mailsFor(order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: 'shop.order-confirmation',
        to_address: 'pay-once@example.co.uk',
      });

      const received = await smtp.waitForMessages(1);
      const mail = received.find((m) => m.subject?.includes(created.order_number))!;
      expect(mail.subject).toBe(`[TEST] Order ${created.order_number} confirmed`);
      expect(mail.text).toContain('Lumpwood charcoal 10 kg · Qty: 2 · Price: £19.99 · Amount: £39.98');
      expect(mail.text).toContain('Total: £39.98');
      expect(mail.text).toContain('Gedimino pr. 1-2');
      expect(mail.text).toContain('LT-01103 Vilnius');
      expect(mail.text).toContain('Lithuania');
      expect(mail.text).toContain(`https://bbq.example/order-success?order_id=${created.token}`);
      expect(mail.html).toContain('<html lang="en">');

      const view = (await (await api(`/api/orders/${created.token}`)).json()) as OrderView;
      expect(view).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' });
    });

    it('refuses test checkout posts without the page token or from another site', async () => {
      const created = await createOrder();
      const html = await (await api(created.url)).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
      const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
        api(created.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(fields).toString(),
        });
      expect((await form({ action: 'pay' })).status).toBe(403);
      expect((await form({ action: 'pay', csrf: 'x'.repeat(43) })).status).toBe(403);
      expect((await form({ action: 'pay', csrf }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await form({ action: 'pay', csrf }, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await form({ action: 'refund', csrf })).status).toBe(403);
      expect((await api('/pay/test/test_unknownunknownunknownunknown12')).status).toBe(404);
      expect((await orderByToken(created.token)).payment_status).toBe('pending');
    });

    it('leaves a cancelled checkout pending and says so', async () => {
      const created = await createOrder();
      const cancelled = await testCheckout(created.url, 'cancel');
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toBe(`/order-success?order_id=${created.token}&lang=lt`);
      const view = (await (await api(`/api/orders/${created.token}`)).json()) as OrderView;
      expect(view).toMatchObject({
        payment_status: 'pending',
        order_status: 'pending',
        checkout_cancelled: true,
      });

      const page = await (await api(created.url)).text();
      expect(page).toContain('Apmokėjimas atšauktas');
      expect(page).not.toContain('name="csrf"');
      const order = await orderByToken(created.token);
      expect(order.payment_status).toBe('pending');
      expect(await mailsFor(order.id)).toHaveLength(0);
    });

    it('looks up the orders of this browser by their tokens', async () => {
      const a = await createOrder();
      const b = await createOrder({ product_id: 'spice-steak', quantity: 1 });
      const response = await postJson('/api/orders/lookup', { tokens: [a.token, b.token, 'A'.repeat(43)] });
      expect(response.status).toBe(200);
      const { orders } = (await response.json()) as { orders: OrderView[] };
      expect(orders.map((o) => o.token).sort()).toEqual([a.token, b.token].sort());
      expect((await postJson('/api/orders/lookup', { tokens: ['BBQ-2026-000001'] })).status).toBe(400);
      expect((await postJson('/api/orders/lookup', { tokens: Array(51).fill(a.token) })).status).toBe(400);
    });

    it('e-mails a signed, expiring order-history link without revealing which addresses have orders', async () => {
      const email = `history-${randomUUID()}@example.lt`;
      await createOrder({ customer_email: email });
      await createOrder({ customer_email: email.toUpperCase(), quantity: 5 });
      const mailCount = async () =>
        (
          await app.db
            .selectFrom('mail_outbox')
            .selectAll()
            .where('template', '=', 'shop.order-history-link')
            .execute()
        ).length;
      const before = await mailCount();

      const unknown = await postJson('/api/orders/history-link', {
        email: 'nobody@example.lt',
        language: 'lt',
      });
      const known = await postJson('/api/orders/history-link', { email, language: 'lt' });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(await unknown.json()).toEqual(await known.json());
      // The e-mail is queued after the answer (no timing oracle: tests/app/history-link-answers.test.ts).
      await expect.poll(mailCount).toBe(before + 1);
      // Asking again at once does not send another e-mail, and answers the same.
      expect(await (await postJson('/api/orders/history-link', { email, language: 'lt' })).json()).toEqual({
        ok: true,
      });
      await afterAnswerSettled(app.app); // its lookup done: whatever it queued is in the outbox
      expect(await mailCount()).toBe(before + 1);
      expect((await postJson('/api/orders/history-link', { email: 'bad' })).status).toBe(400);

      await expect
        .poll(() => smtp.messages.some((m) => JSON.stringify(m.to ?? '').includes(email)), {
          timeout: 10_000,
        })
        .toBe(true);
      const mail = smtp.messages.find((m) => JSON.stringify(m.to ?? '').includes(email))!;
      expect(mail.subject).toBe('Jūsų užsakymai');
      const link = /https:\/\/bbq\.example\/order-history\?link=([A-Za-z0-9_.-]+)/.exec(mail.text ?? '')?.[1];
      expect(link).toBeTruthy();

      const listed = await api(`/api/orders/history?link=${link}`);
      expect(listed.status).toBe(200);
      const body = (await listed.json()) as { email: string; orders: OrderView[] };
      expect(body.email).toBe(email);
      expect(body.orders).toHaveLength(2);

      const tampered = `${link!.slice(0, -2)}${link!.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await api(`/api/orders/history?link=${tampered}`)).status).toBe(404);
      expect((await api('/api/orders/history')).status).toBe(404);
      const { loadAppSecret } = await import('~/platform/auth/app-secret.server');
      const secret = await loadAppSecret(app.db, undefined);
      const expired = signHistoryToken(email, secret, Date.now() - 25 * 3600 * 1000);
      expect((await api(`/api/orders/history?link=${expired}`)).status).toBe(410);
      const otherSecret = signHistoryToken(email, 'another-secret-another-secret-another');
      expect((await api(`/api/orders/history?link=${otherSecret}`)).status).toBe(404);
    });

    it('rate-limits order creation per visitor', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 17; i++) {
        statuses.push((await postJson('/api/orders', validOrder({ quantity: 0 }), ip)).status);
      }
      expect(statuses.slice(0, 15).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(15)).toEqual([429, 429]);
    });
  });
}
