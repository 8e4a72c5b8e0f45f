import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, signedEvent, startFakeStripe } from '@tests/helpers/fake-stripe';
import { startTestSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { outboxSettled } from '@tests/helpers/outbox';
import type { OrderView } from './order-view';

// The Stripe path without internet: the real SDK talks to a local fake of the Stripe API
// (STRIPE_API_URL), and webhooks are signed with the SDK's test signature helper.

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop_tests';
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`shop with Stripe (${kind})`, () => {
    let app: TestApp;
    let smtp: TestSmtp;
    let stripe: FakeStripe;

    beforeAll(async () => {
      stripe = await startFakeStripe();
      smtp = await startTestSmtp();
      app = await startTestApp(kind, {
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        PUBLIC_URL: 'https://bbq.example',
        STRIPE_SECRET_KEY: 'sk_test_fake_key',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      });
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
      await stripe?.close();
    });
    beforeEach(() => {
      stripe.requests.length = 0;
    });

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${app.url}${path}`, {
        ...init,
        redirect: 'manual',
        headers: { 'x-forwarded-for': randomIp(), ...(init.headers as Record<string, string>) },
      });
    const createOrder = async (overrides: Record<string, unknown> = {}) => {
      const response = await api('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          product_id: 'charcoal-10kg',
          quantity: 2,
          customer_name: 'Ona Onaitė',
          customer_email: `ona-${randomUUID()}@example.lt`,
          delivery_method: 'delivery',
          delivery_address: {
            street: '5 Lake Road',
            city: 'Cardiff',
            postal_code: 'CF10 1AA',
            country: 'GB',
          },
          language: 'lt',
          ...overrides,
        }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { url: string; order_number: string; token: string };
      const order = await app.db
        .selectFrom('bbq_orders')
        .selectAll()
        .where('public_token', '=', body.token)
        .executeTakeFirstOrThrow();
      return { ...body, order, session: stripe.sessions.get(order.payment_session_id!)! };
    };
    const sendWebhook = (event: { payload: string; signature: string }) =>
      api('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
        body: event.payload,
      });
    const orderRow = (id: string) =>
      app.db.selectFrom('bbq_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mailsFor = (id: string) =>
      app.db.selectFrom('mail_outbox').selectAll().where('related_id', '=', id).execute();
    const auditFor = async (id: string) =>
      (
        await app.db
          .selectFrom('audit_log')
          .select('action')
          .where('entity_id', '=', id)
          .orderBy('id')
          .execute()
      ).map((row) => row.action);
    const eventCount = async () =>
      Number(
        (
          await app.db
            .selectFrom('payment_events')
            .select(app.db.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** E-mails about this order that reached the SMTP server (waits for the first, then for the outbox to settle). */
    const deliveredFor = async (orderNumber: string) => {
      const count = () => smtp.messages.filter((m) => m.subject?.includes(orderNumber)).length;
      await expect.poll(count, { timeout: 10_000 }).toBeGreaterThan(0);
      await outboxSettled(app.db); // a (wrong) second one would be sent by now
      return count();
    };

    it('opens a Checkout Session with line items and amounts built on the server', async () => {
      const { url, token, order, session } = await createOrder({ quantity: 3 });
      const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
      expect(calls).toHaveLength(1);
      const [call] = calls;
      expect(call!.authorization).toBe('Bearer sk_test_fake_key');
      expect(call!.idempotencyKey).toBe(`checkout-session-${order.id}`);
      expect(call!.form).toMatchObject({
        mode: 'payment',
        client_reference_id: order.id,
        'metadata[order_id]': order.id,
        'metadata[order_number]': order.order_number,
        customer_email: order.customer_email,
        locale: 'lt',
        'line_items[0][quantity]': '3',
        'line_items[0][price_data][currency]': 'gbp',
        'line_items[0][price_data][unit_amount]': '1999',
        'line_items[0][price_data][product_data][name]': 'Medžio anglys 10 kg',
        success_url: `https://bbq.example/order-success?order_id=${token}&lang=lt`,
        cancel_url: 'https://bbq.example/sponsor/reduk/anglys?payment=cancelled&lang=lt',
      });
      expect(call!.form['line_items[1][quantity]']).toBeUndefined();
      expect(session.amount_total).toBe(5997);
      expect(order).toMatchObject({
        total_amount: 5997,
        payment_provider: 'stripe',
        payment_session_id: session.id,
        payment_status: 'pending',
      });
      expect(url).toBe(session.url);
    });

    it('stores nothing when Stripe cannot open a checkout', async () => {
      const count = async () =>
        Number(
          (
            await app.db
              .selectFrom('bbq_orders')
              .select(app.db.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      stripe.failNext(1);
      const response = await api('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          product_id: 'kamado-grill',
          quantity: 1,
          customer_name: 'Ona Onaitė',
          customer_email: 'ona@example.lt',
          delivery_method: 'pickup',
        }),
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'payment_unavailable' });
      expect(await count()).toBe(before);
    });

    it('refuses webhooks with a bad or missing signature and changes nothing', async () => {
      const { order, session } = await createOrder();
      const events = await eventCount();
      const paidSession = { ...session, status: 'complete', payment_status: 'paid' } as const;
      const good = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', paidSession);
      const forged = signedEvent('whsec_someone_else', 'checkout.session.completed', paidSession);
      expect((await sendWebhook(forged)).status).toBe(400);
      expect((await sendWebhook({ payload: good.payload, signature: 't=1,v1=deadbeef' })).status).toBe(400);
      // A valid signature over a different body.
      const tampered = good.payload.replace('"amount_total":3998', '"amount_total":1');
      expect((await sendWebhook({ payload: tampered, signature: good.signature })).status).toBe(400);
      const unsigned = await api('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: good.payload,
      });
      expect(unsigned.status).toBe(400);
      expect(await orderRow(order.id)).toMatchObject({ payment_status: 'pending', order_status: 'pending' });
      expect(await eventCount()).toBe(events);
      expect(await mailsFor(order.id)).toHaveLength(0);
    });

    it('refuses a correctly signed event older than 300 s and changes nothing', async () => {
      const { order, session } = await createOrder();
      const events = await eventCount();
      const paidSession = { ...session, status: 'complete', payment_status: 'paid' } as const;
      const now = Math.floor(Date.now() / 1000);
      const stale = signedEvent(
        WEBHOOK_SECRET,
        'checkout.session.completed',
        paidSession,
        undefined,
        now - 301,
      );
      expect((await sendWebhook(stale)).status).toBe(400);
      expect(await orderRow(order.id)).toMatchObject({ payment_status: 'pending', order_status: 'pending' });
      expect(await eventCount()).toBe(events);
      expect(await mailsFor(order.id)).toHaveLength(0);
      // The same event signed inside the window is taken: the age alone made the difference.
      const recent = signedEvent(
        WEBHOOK_SECRET,
        'checkout.session.completed',
        paidSession,
        stale.id,
        now - 200,
      );
      expect((await sendWebhook(recent)).status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid' });
    });

    it('pays once for the same event delivered 10 times, also concurrently: one e-mail', async () => {
      const { order, session } = await createOrder();
      const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
      });
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(event)));
      expect(concurrent.map((r) => r.status)).toEqual(Array(10).fill(200));
      for (let i = 0; i < 10; i++) expect((await sendWebhook(event)).status).toBe(200);

      const paid = await orderRow(order.id);
      expect(paid).toMatchObject({
        payment_status: 'paid',
        order_status: 'confirmed',
        payment_flagged: false,
      });
      expect(paid.paid_at).toBeInstanceOf(Date);
      expect(await auditFor(order.id)).toEqual(['order.paid']);
      const mails = await mailsFor(order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Užsakymas ${order.order_number} patvirtintas`);
      const events = await app.db
        .selectFrom('payment_events')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute();
      expect(events).toEqual([
        expect.objectContaining({ order_id: order.id, type: 'checkout.session.completed' }),
      ]);

      // A different event for the same payment (e.g. async success after completed) changes nothing either.
      const other = signedEvent(WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
      });
      expect((await sendWebhook(other)).status).toBe(200);
      expect(await mailsFor(order.id)).toHaveLength(1);

      expect(await deliveredFor(order.order_number)).toBe(1);
    });

    it('pays once when the success page confirms first and the event then arrives 10 times at once', async () => {
      const { token, order, session } = await createOrder();
      stripe.markPaid(session.id);
      const view = (await (await api(`/api/orders/${token}`)).json()) as OrderView;
      expect(view).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' });

      const event = signedEvent(
        WEBHOOK_SECRET,
        'checkout.session.completed',
        stripe.sessions.get(session.id)!,
      );
      const responses = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(event)));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      const outcomes = await Promise.all(
        responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome),
      );
      expect(outcomes.filter((outcome) => outcome === 'paid')).toEqual([]);
      expect(await auditFor(order.id)).toEqual(['order.paid']);
      expect(await mailsFor(order.id)).toHaveLength(1);
      expect(await deliveredFor(order.order_number)).toBe(1);
    });

    it('pays once when 10 deliveries and the success page checks all arrive together', async () => {
      const { token, order, session } = await createOrder();
      stripe.markPaid(session.id);
      const event = signedEvent(
        WEBHOOK_SECRET,
        'checkout.session.completed',
        stripe.sessions.get(session.id)!,
      );
      const [webhooks, polls] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => sendWebhook(event))),
        Promise.all(Array.from({ length: 3 }, () => api(`/api/orders/${token}`))),
      ]);
      expect(webhooks.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(polls.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' });
      expect(await auditFor(order.id)).toEqual(['order.paid']);
      expect(await mailsFor(order.id)).toHaveLength(1);
      expect(await deliveredFor(order.order_number)).toBe(1);
    });

    it('acknowledges and ignores events for unknown orders and other event types', async () => {
      const before = await app.db.selectFrom('bbq_orders').select(['id', 'payment_status']).execute();
      for (const event of [
        signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
          id: 'cs_test_unknown',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: randomUUID(),
          amount_total: 1999,
          currency: 'gbp',
        }),
        signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
          id: 'cs_test_garbage',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: "'; drop table bbq_orders; --",
        }),
        signedEvent(WEBHOOK_SECRET, 'customer.created', { id: 'cus_123' }),
      ]) {
        const response = await sendWebhook(event);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ received: true, outcome: 'ignored' });
        const recorded = await app.db
          .selectFrom('payment_events')
          .selectAll()
          .where('event_id', '=', event.id)
          .executeTakeFirstOrThrow();
        expect(recorded.order_id).toBeNull();
      }
      expect(await app.db.selectFrom('bbq_orders').select(['id', 'payment_status']).execute()).toEqual(
        before,
      );
    });

    it('settles the return race on the server: paid at Stripe, no webhook yet', async () => {
      const { token, order, session } = await createOrder({ language: 'en' });
      // Not paid yet: the page's poll asks Stripe, which says unpaid.
      let view = (await (await api(`/api/orders/${token}`)).json()) as OrderView;
      expect(view.payment_status).toBe('pending');
      expect(
        stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`),
      ).toBe(true);

      stripe.markPaid(session.id);
      await new Promise((resolve) => setTimeout(resolve, 3_100)); // the per-order check interval
      const polls = await Promise.all([1, 2, 3].map(() => api(`/api/orders/${token}`)));
      const views = (await Promise.all(polls.map((r) => r.json()))) as OrderView[];
      expect(views.some((v) => v.payment_status === 'paid')).toBe(true);
      view = (await (await api(`/api/orders/${token}`)).json()) as OrderView;
      expect(view).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' });
      expect(await auditFor(order.id)).toEqual(['order.paid']);
      expect(await mailsFor(order.id)).toHaveLength(1);

      // The webhook arrives later: recorded, nothing changes.
      const paidAt = (await orderRow(order.id)).paid_at;
      const late = signedEvent(
        WEBHOOK_SECRET,
        'checkout.session.completed',
        stripe.sessions.get(session.id)!,
      );
      const response = await sendWebhook(late);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: 'already_paid' });
      expect((await orderRow(order.id)).paid_at).toEqual(paidAt);
      expect(await auditFor(order.id)).toEqual(['order.paid']);
      expect(await mailsFor(order.id)).toHaveLength(1);
    });

    it('never trusts the success URL alone: an unpaid session stays pending', async () => {
      const { token, order } = await createOrder();
      for (let i = 0; i < 3; i++) {
        await api(`/api/orders/${token}?payment_status=paid`);
        await api(`/order-success?order_id=${token}`);
      }
      expect(await orderRow(order.id)).toMatchObject({ payment_status: 'pending', order_status: 'pending' });
    });

    it('accepts a payment for a cancelled order, flags it and tells the organisers', async () => {
      const { order, session } = await createOrder();
      await app.db
        .updateTable('bbq_orders')
        .set({ order_status: 'cancelled' })
        .where('id', '=', order.id)
        .execute();
      const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
      });
      const response = await sendWebhook(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: 'flagged' });
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ payment_status: 'paid', order_status: 'cancelled', payment_flagged: true });
      expect(await auditFor(order.id)).toEqual(['order.payment_flagged']);
      const mails = await mailsFor(order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: 'shop.payment-flagged',
        to_address: app.config.ORGANISER_EMAIL,
      });
      expect(mails[0]!.text_body).toContain('užsakymas jau buvo atšauktas');
    });

    it('flags a payment of the wrong amount instead of confirming the order', async () => {
      const { order, session } = await createOrder();
      const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
        ...session,
        amount_total: 1,
        status: 'complete',
        payment_status: 'paid',
      });
      expect((await sendWebhook(event)).status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({
        payment_status: 'paid',
        order_status: 'pending',
        payment_flagged: true,
      });
    });

    it('marks expired sessions and failed delayed payments, and pays a delayed payment when it succeeds', async () => {
      const expired = await createOrder();
      await sendWebhook(
        signedEvent(WEBHOOK_SECRET, 'checkout.session.expired', { ...expired.session, status: 'expired' }),
      );
      expect(await orderRow(expired.order.id)).toMatchObject({
        order_status: 'expired',
        payment_status: 'pending',
      });

      const delayed = await createOrder();
      const completedUnpaid = { ...delayed.session, status: 'complete', payment_status: 'unpaid' } as const;
      const first = await sendWebhook(
        signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', completedUnpaid),
      );
      expect(await first.json()).toMatchObject({ outcome: 'awaiting_payment' });
      expect(await orderRow(delayed.order.id)).toMatchObject({ payment_status: 'pending' });
      await sendWebhook(
        signedEvent(WEBHOOK_SECRET, 'checkout.session.async_payment_failed', completedUnpaid),
      );
      expect(await orderRow(delayed.order.id)).toMatchObject({
        payment_status: 'failed',
        order_status: 'pending',
      });
      const retried = await sendWebhook(
        signedEvent(WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded', {
          ...delayed.session,
          status: 'complete',
          payment_status: 'paid',
        }),
      );
      expect(await retried.json()).toMatchObject({ outcome: 'paid' });
      expect(await orderRow(delayed.order.id)).toMatchObject({
        payment_status: 'paid',
        order_status: 'confirmed',
      });
      expect(await auditFor(delayed.order.id)).toEqual(['order.payment_failed', 'order.paid']);
    });

    it('has no test checkout page when Stripe takes the payments', async () => {
      const response = await api('/pay/test/test_abcdefghijklmnopqrstuvwxyz012345');
      expect(response.status).toBe(404);
    });

    it.runIf(kind === 'postgres')(
      'answers 503 while another transaction holds the order, and pays on the retry',
      async () => {
        const { order, session } = await createOrder();
        const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
          ...session,
          status: 'complete',
          payment_status: 'paid',
        });
        // A second connection to the test app's throwaway database holds the order row.
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(app.db);
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${rows[0]!.name}`;
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await client.query('begin');
          await client.query('select id from bbq_orders where id = $1 for update', [order.id]);
          // A 503 comes only once the lock wait ran out (ORDER_LOCK_TIMEOUT), not at once.
          const busy = await sendWebhook(event);
          expect(busy.status).toBe(503);
          expect(busy.headers.get('retry-after')).toBe('5');
          await client.query('rollback');
        } finally {
          await client.end();
        }
        expect(await orderRow(order.id)).toMatchObject({ payment_status: 'pending' });
        const retry = await sendWebhook(event);
        expect(retry.status).toBe(200);
        expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid' });
      },
      20_000,
    );
  });
}
