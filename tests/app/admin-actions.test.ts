import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import type { DashboardStats } from '~/platform/admin/section';
import type { OrderStatus } from '~/features/shop/tables';
import {
  auditRows,
  call,
  insertAdmin,
  insertContact,
  insertOrder,
  insertRegistration,
  insertSponsorApplication,
  sessionCookie,
  SETUP_TOKEN,
} from '@tests/helpers/admin';
import { ORDER_ACTIONS, ORDER_STATUSES } from '~/features/shop/workflow';

describe.each(DEFAULT_TEST_DATABASE)('admin workflows and lists (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let adminEmail: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_SETUP_TOKEN: SETUP_TOKEN });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'ruta@example.com' });
    adminEmail = admin.email;
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const post = (path: string, body?: unknown) => call(t, 'POST', path, { cookie, body });
  const get = async <T>(path: string) => {
    const response = await call(t, 'GET', path, { cookie });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  describe('order status transitions', () => {
    // Every action from every status: allowed exactly as the workflow table says, else 409.
    const cases = ORDER_ACTIONS.flatMap((rule) =>
      ORDER_STATUSES.map((from) => ({
        action: rule.action,
        from,
        allowed: (rule.from as readonly string[]).includes(from),
        to: rule.to,
      })),
    );
    it.each(cases)('$action from $from → allowed: $allowed', async ({ action, from, allowed, to }) => {
      const order = await insertOrder(t.db, { order_status: from as OrderStatus });
      const response = await post(`/api/admin/orders/${order.id}/status`, { action });
      const row = await t.db
        .selectFrom('bbq_orders')
        .select('order_status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const audit = await auditRows(t.db, order.id);
      if (allowed) {
        expect(response.status).toBe(200);
        expect(row.order_status).toBe(to);
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ action: `order.${action}`, entity: 'order', actor: adminEmail });
        expect(audit[0]!.details).toMatchObject({ from, to, orderNumber: order.order_number });
      } else {
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({ error: 'transition_not_allowed' });
        expect(row.order_status).toBe(from);
        expect(audit).toHaveLength(0);
      }
    });

    it('walks an order from pending to delivered with the buttons in order', async () => {
      const order = await insertOrder(t.db);
      for (const action of ['confirm', 'process', 'ship', 'deliver']) {
        expect((await post(`/api/admin/orders/${order.id}/status`, { action })).status).toBe(200);
      }
      expect(await auditRows(t.db, order.id)).toHaveLength(4);
    });

    it('rejects unknown actions and unknown orders', async () => {
      const order = await insertOrder(t.db);
      expect((await post(`/api/admin/orders/${order.id}/status`, { action: 'teleport' })).status).toBe(400);
      expect((await post(`/api/admin/orders/${order.id}/status`, { action: 'expire' })).status).toBe(400);
      expect((await post('/api/admin/orders/not-a-uuid/status', { action: 'confirm' })).status).toBe(404);
      expect(
        (await post('/api/admin/orders/00000000-0000-4000-8000-000000000000/status', { action: 'confirm' }))
          .status,
      ).toBe(404);
    });
  });

  describe('mark paid', () => {
    it('is a manual, audited override and idempotent', async () => {
      const order = await insertOrder(t.db);
      const first = await post(`/api/admin/orders/${order.id}/mark-paid`);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ changed: true, payment_status: 'paid' });
      const second = await post(`/api/admin/orders/${order.id}/mark-paid`);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({ changed: false, payment_status: 'paid' });
      const row = await t.db
        .selectFrom('bbq_orders')
        .select(['payment_status', 'paid_at', 'order_status'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.payment_status).toBe('paid');
      expect(row.paid_at).not.toBeNull();
      expect(row.order_status).toBe('pending');
      const audit = await auditRows(t.db, order.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'order.mark_paid', actor: adminEmail });
      expect(audit[0]!.details).toMatchObject({ manual: true, from: 'pending', to: 'paid' });
    });

    it('is refused for cancelled and expired orders', async () => {
      for (const status of ['cancelled', 'expired'] as const) {
        const order = await insertOrder(t.db, { order_status: status });
        expect((await post(`/api/admin/orders/${order.id}/mark-paid`)).status).toBe(409);
        const row = await t.db
          .selectFrom('bbq_orders')
          .select('payment_status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(row.payment_status).toBe('pending');
      }
    });
  });

  describe('resend confirmation e-mail', () => {
    it('queues the order confirmation again (audited), not for cancelled orders', async () => {
      const order = await insertOrder(t.db, {
        payment_status: 'paid',
        order_status: 'confirmed',
        paid_at: new Date(),
      });
      const response = await post(`/api/admin/orders/${order.id}/resend-confirmation`);
      expect(response.status).toBe(200);
      const { mailId } = (await response.json()) as { mailId: string };
      const mail = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', mailId)
        .executeTakeFirstOrThrow();
      expect(mail).toMatchObject({
        to_address: 'jonas@example.com',
        template: 'shop.order-confirmation',
        related_id: order.id,
      });
      expect(mail.text_body).toContain(order.order_number);
      expect(await auditRows(t.db, order.id)).toMatchObject([
        {
          action: 'order.resend_confirmation',
          actor: adminEmail,
          details: { orderNumber: order.order_number },
        },
      ]);

      const cancelled = await insertOrder(t.db, { order_status: 'cancelled' });
      expect((await post(`/api/admin/orders/${cancelled.id}/resend-confirmation`)).status).toBe(409);
      expect(
        await t.db.selectFrom('mail_outbox').select('id').where('related_id', '=', cancelled.id).execute(),
      ).toEqual([]);
      expect(
        (await post('/api/admin/orders/00000000-0000-4000-8000-000000000000/resend-confirmation')).status,
      ).toBe(404);
    });
  });

  describe('contacts, sponsor applications, memberships', () => {
    it('resolves a new contact once (audited); a second time is 409', async () => {
      const contact = await insertContact(t.db);
      expect((await post(`/api/admin/contacts/${contact.id}/resolve`)).status).toBe(200);
      const row = await t.db
        .selectFrom('contacts')
        .select(['status', 'resolved_at'])
        .where('id', '=', contact.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('resolved');
      expect(row.resolved_at).not.toBeNull();
      expect((await post(`/api/admin/contacts/${contact.id}/resolve`)).status).toBe(409);
      expect(await auditRows(t.db, contact.id)).toMatchObject([
        { action: 'contact.resolve', actor: adminEmail },
      ]);
    });

    it('moves sponsor applications new → contacted → accepted/declined only', async () => {
      const a = await insertSponsorApplication(t.db);
      const statusOf = async () =>
        (
          await t.db
            .selectFrom('sponsor_applications')
            .select('status')
            .where('id', '=', a.id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(
        (await post(`/api/admin/sponsor-applications/${a.id}/status`, { status: 'accepted' })).status,
      ).toBe(409);
      expect(await statusOf()).toBe('new');
      expect(
        (await post(`/api/admin/sponsor-applications/${a.id}/status`, { status: 'contacted' })).status,
      ).toBe(200);
      expect(
        (await post(`/api/admin/sponsor-applications/${a.id}/status`, { status: 'declined' })).status,
      ).toBe(200);
      expect(
        (await post(`/api/admin/sponsor-applications/${a.id}/status`, { status: 'accepted' })).status,
      ).toBe(409);
      expect(await statusOf()).toBe('declined');
      expect((await auditRows(t.db, a.id)).map((r) => r.details)).toEqual([
        { company: 'Kepsninės UAB', from: 'new', to: 'contacted' },
        { company: 'Kepsninės UAB', from: 'contacted', to: 'declined' },
      ]);
    });

    it('creates and edits memberships in pounds, audits only real changes, rejects bad input', async () => {
      const created = await post('/api/admin/memberships', {
        communityName: 'Kardifo lietuvių bendruomenė',
        membershipType: 'Metinė narystė',
        paymentAmount: '25,50',
        status: 'new',
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const row = await t.db
        .selectFrom('community_memberships')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        community_name: 'Kardifo lietuvių bendruomenė',
        payment_amount: 2550,
        status: 'new',
      });

      const edit = {
        communityName: 'Kardifo lietuvių bendruomenė',
        membershipType: 'Metinė narystė',
        paymentAmount: '25.50',
        status: 'paid',
      };
      expect((await call(t, 'PUT', `/api/admin/memberships/${id}`, { cookie, body: edit })).status).toBe(200);
      expect((await call(t, 'PUT', `/api/admin/memberships/${id}`, { cookie, body: edit })).status).toBe(200);
      const audit = await auditRows(t.db, id);
      expect(audit.map((r) => r.action)).toEqual(['membership.create', 'membership.update']);
      expect(audit[1]!.details).toEqual({ status: ['new', 'paid'] });

      for (const bad of [
        { ...edit, paymentAmount: '-5' },
        { ...edit, paymentAmount: '12.345' },
        { ...edit, status: 'lost' },
        { ...edit, communityName: 'x' },
        {},
      ]) {
        expect((await call(t, 'PUT', `/api/admin/memberships/${id}`, { cookie, body: bad })).status).toBe(
          400,
        );
      }
      expect((await post('/api/admin/memberships', { ...edit, paymentAmount: 'abc' })).status).toBe(400);
      expect(await auditRows(t.db, id)).toHaveLength(2);
    });
  });

  describe('lists', () => {
    beforeEach(async () => {
      await t.db.deleteFrom('contacts').execute();
    });

    it('lists newest first, paginates, searches and filters', async () => {
      for (let i = 0; i < 25; i++) {
        await t.db
          .insertInto('contacts')
          .values({
            name: `Žmogus ${i}`,
            email: `zmogus${i}@example.com`,
            message: i === 7 ? 'Klausimas apie 100% kepsnines_su ąžuolu' : 'Labas',
            category: 'general',
            status: i % 5 === 0 ? 'resolved' : 'new',
            created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
          })
          .execute();
      }
      type Page = { rows: { name: string }[]; total: number; page: number; pageSize: number };
      const first = await get<Page>('/api/admin/contacts');
      expect(first.total).toBe(25);
      expect(first.rows).toHaveLength(20);
      expect(first.rows[0]!.name).toBe('Žmogus 24');
      const second = await get<Page>('/api/admin/contacts?page=2');
      expect(second.rows.map((r) => r.name)).toEqual([
        'Žmogus 4',
        'Žmogus 3',
        'Žmogus 2',
        'Žmogus 1',
        'Žmogus 0',
      ]);
      expect((await get<Page>('/api/admin/contacts?q=ZMOGUS13@')).rows.map((r) => r.name)).toEqual([
        'Žmogus 13',
      ]);
      expect(
        (await get<Page>(`/api/admin/contacts?q=${encodeURIComponent('100% kepsnines_su ąžuolu')}`)).total,
      ).toBe(1);
      expect((await get<Page>('/api/admin/contacts?q=%25')).total).toBe(1); // % is literal
      expect((await get<Page>('/api/admin/contacts?status=resolved')).total).toBe(5);
      expect((await call(t, 'GET', '/api/admin/contacts?status=bogus', { cookie })).status).toBe(400);
      expect((await call(t, 'GET', '/api/admin/contacts?page=0', { cookie })).status).toBe(400);
    });

    it('returns orders with their items and finds them by order number', async () => {
      const order = await insertOrder(t.db, { customer_name: 'Vytautas Paieškinis' });
      const page = await get<{ rows: { order_number: string; items: unknown[] }[] }>(
        `/api/admin/orders?q=${encodeURIComponent(order.order_number)}`,
      );
      expect(page.rows).toHaveLength(1);
      expect(page.rows[0]!.items).toEqual([
        {
          product_id: 'charcoal-10kg',
          product_category: 'charcoal',
          product_name: 'Medžio anglys 10 kg',
          product_names: { lt: 'Medžio anglys 10 kg', en: expect.stringMatching(/charcoal 10 kg/i) },
          quantity: 2,
          product_price: 1999,
          total_price: 3998,
        },
      ]);
    });

    it("names the products in the admin's language, whatever language the customer ordered in", async () => {
      const order = await insertOrder(t.db, { customer_name: 'Kalbos Tikrintojas' });
      const csv = (lang: string) =>
        call(t, 'GET', `/api/admin/orders.csv?lang=${lang}&q=${order.order_number}`, { cookie }).then((r) =>
          r.text(),
        );
      expect(await csv('lt')).toContain('Medžio anglys 10 kg × 2');
      const english = await csv('en');
      expect(english).toMatch(/charcoal 10 kg × 2/i);
      expect(english).not.toContain('Medžio anglys');
    });

    it('shows outbox mails in full', async () => {
      const id = await enqueueMail(t.db, {
        template: 'test.mail',
        to: 'ona@example.com',
        subject: 'Jūsų registracija',
        html: '<p>Ačiū!</p><script>alert(1)</script>',
        text: 'Ačiū!',
      });
      const mail = await get<{ subject: string; text_body: string; html_body: string }>(
        `/api/admin/outbox/${id}`,
      );
      expect(mail).toMatchObject({ subject: 'Jūsų registracija', text_body: 'Ačiū!' });
    });
  });

  describe('dashboard stats and payments health', () => {
    it('counts orders, revenue of paid orders, contacts, sponsors and registration headcounts', async () => {
      const before = await get<DashboardStats>('/api/admin/stats');
      await insertOrder(t.db, { total_amount: 1999, payment_status: 'paid', order_status: 'confirmed' });
      await insertOrder(t.db, { total_amount: 85000 });
      await insertRegistration(t.db, {
        camping: 'tent',
        adults: 2,
        children: 2,
        types: ['compete', 'help_organise'],
      });
      await insertRegistration(t.db, { camping: 'day_only', adults: 1, children: 1, types: ['participate'] });
      await insertContact(t.db);
      await insertSponsorApplication(t.db);
      const after = await get<DashboardStats>('/api/admin/stats');
      expect(after.shop!.total! - before.shop!.total!).toBe(2);
      expect(after.shop!.pending! - before.shop!.pending!).toBe(1);
      expect(after.shop!.revenuePence! - before.shop!.revenuePence!).toBe(1999);
      expect(after.contact!.new).toBeGreaterThanOrEqual(1);
      expect(after.sponsors!.new).toBeGreaterThanOrEqual(1);
      // The food counts among them have a test of their own (food-counts.test.ts).
      const diff = Object.fromEntries(
        Object.entries(after.registration!)
          .filter(([k]) => !k.startsWith('food.'))
          .map(([k, v]) => [k, v - (before.registration![k] ?? 0)]),
      );
      expect(diff).toEqual({
        registrations: 2,
        people: 6,
        confirmed: 0,
        unconfirmed: 2,
        waiting: 0,
        waitingPeople: 0,
        cancelled: 0,
        arrived: 0,
        arrivedPeople: 0,
        all: 2,
        adults: 3,
        children: 3,
        tents: 1,
        dayVisitors: 2,
        competitors: 1,
        helpers: 1,
        pitches: 1,
      });
    });

    it('shows the last webhook, orders stuck after checkout, and flagged late payments', async () => {
      const stuck = await insertOrder(t.db, { checkout_started_at: new Date(Date.now() - 45 * 60 * 1000) });
      const fresh = await insertOrder(t.db, { checkout_started_at: new Date(Date.now() - 5 * 60 * 1000) });
      const flagged = await insertOrder(t.db, {
        order_status: 'cancelled',
        payment_status: 'paid',
        payment_flagged: true,
      });
      await t.db
        .insertInto('payment_events')
        .values({ event_id: 'evt_1', provider: 'test', type: 'checkout.session.completed', order_id: null })
        .execute();
      type Health = { lastWebhookAt: string | null; stuck: { id: string }[]; flagged: { id: string }[] };
      const health = await get<Health>('/api/admin/payments-health');
      expect(health.lastWebhookAt).not.toBeNull();
      expect(health.stuck.map((o) => o.id)).toContain(stuck.id);
      expect(health.stuck.map((o) => o.id)).not.toContain(fresh.id);
      expect(health.flagged.map((o) => o.id)).toContain(flagged.id);

      expect((await post(`/api/admin/orders/${flagged.id}/clear-flag`)).status).toBe(200);
      expect((await get<Health>('/api/admin/payments-health')).flagged.map((o) => o.id)).not.toContain(
        flagged.id,
      );
      expect(await auditRows(t.db, flagged.id)).toMatchObject([{ action: 'order.clear_flag' }]);
    });
  });

  describe('CSV export', () => {
    it('has a BOM, keeps Lithuanian letters and neutralises formulas', async () => {
      await insertContact(t.db, {
        name: '=HYPERLINK("https://evil.example","Spausk")',
        message: 'Čiurlionis ąčęėįšųūž',
      });
      await insertContact(t.db, { name: '+370 dalyvis', message: '@komanda -2+3' });
      const response = await call(t, 'GET', '/api/admin/contacts.csv?lang=lt', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="contacts.csv"; filename\*=UTF-8''kontaktai-\d{4}-\d\d-\d\d\.csv$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text).toContain('Čiurlionis ąčęėįšųūž');
      expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""Spausk"")"`);
      expect(text).toContain("'+370 dalyvis");
      expect(text).toContain("'@komanda -2+3");
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
      const [header] = text.slice(1).split('\r\n');
      // Issue 43: the titles on the first line; issue 14: it says the file holds personal data,
      // in the admin's language (the title of a last, empty column).
      expect(header).toBe(
        'Gauta,Vardas,El. paštas,Telefonas,Tema,Žinutė,Būsena,"Šiame faile yra asmens duomenų. Saugokite jį ir ištrinkite, kai nebereikės."',
      );

      // (Response.text() drops the BOM itself.)
      const english = await (
        await call(t, 'GET', '/api/admin/contacts.csv?lang=en&status=new', { cookie })
      ).text();
      expect(english.split('\r\n')[0]).toBe(
        'Received,Name,E-mail,Phone,Subject,Message,Status,This file contains personal data. Keep it safe and delete it when no longer needed.',
      );
    });

    it('keeps a name with ; inert in a spreadsheet that splits on ; and the phone as typed (issue 28, finding 10)', async () => {
      const order = await insertOrder(t.db, {
        customer_name: 'Jonas;=1+1;@SUM(A1)',
        customer_phone: '+44 7700 900123',
      });
      const text = await (
        await call(t, 'GET', `/api/admin/orders.csv?lang=en&q=${order.order_number}`, { cookie })
      ).text();
      const cells = (delimiter: string) =>
        (parse(text, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
      // Read either way, no cell starts a formula; only the phone starts with '+', as typed.
      for (const delimiter of [',', ';']) {
        const formulas = cells(delimiter).filter((cell) => /^\s*[=+\-@]/.test(cell));
        expect(formulas, delimiter).toEqual(delimiter === ',' ? ['+44 7700 900123'] : []);
      }
      expect(cells(',')).toContain("Jonas;'=1+1;'@SUM(A1)");
    });

    it("names actions and e-mail types in the admin's language", async () => {
      const order = await insertOrder(t.db);
      expect((await post(`/api/admin/orders/${order.id}/status`, { action: 'confirm' })).status).toBe(200);
      await enqueueMail(t.db, {
        template: 'registration.confirmation',
        to: 'a@example.com',
        subject: 'S',
        html: 'h',
        text: 't',
      });
      const audit = await (
        await call(t, 'GET', `/api/admin/audit.csv?lang=lt&q=${order.id}`, { cookie })
      ).text();
      expect(audit).toContain('Užsakymas patvirtintas,Užsakymas');
      const outbox = await (await call(t, 'GET', '/api/admin/outbox.csv?lang=en', { cookie })).text();
      expect(outbox).toContain('Registration confirmation to the participant');
    });

    it("names the delivery country in the admin's language", async () => {
      const order = await insertOrder(t.db, { customer_name: 'Šalies Tikrintojas' });
      const lt = await (
        await call(t, 'GET', `/api/admin/orders.csv?lang=lt&q=${order.order_number}`, { cookie })
      ).text();
      expect(lt).toContain('1 Lake Rd, Cardiff, CF10 1AA, Jungtinė Karalystė');
      const en = await (
        await call(t, 'GET', `/api/admin/orders.csv?lang=en&q=${order.order_number}`, { cookie })
      ).text();
      expect(en).toContain('1 Lake Rd, Cardiff, CF10 1AA, United Kingdom');
    });

    it("writes a sponsor's budget in the one money format of the admin's language", async () => {
      await insertSponsorApplication(t.db); // budget 500-1000
      const csv = async (lang: string) =>
        (
          await (await call(t, 'GET', `/api/admin/sponsor-applications.csv?lang=${lang}`, { cookie })).text()
        ).replace(/\s/g, ' ');
      expect(await csv('lt')).toContain(',500 £–1 000 £,');
      expect(await csv('en')).toContain(',"£500–£1,000",');
    });

    it('exports every list', async () => {
      for (const list of [
        'orders',
        'contacts',
        'memberships',
        'registrations',
        'sponsor-applications',
        'outbox',
        'audit',
      ]) {
        const response = await call(t, 'GET', `/api/admin/${list}.csv`, { cookie });
        expect(response.status, list).toBe(200);
        const text = await response.text();
        expect(text.split('\r\n').length, list).toBeGreaterThan(1);
        expect(text.split('\r\n')[0], list).toMatch(/asmens duomenų/);
      }
    });
  });
});
