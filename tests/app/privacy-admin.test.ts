import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertOrder, sessionCookie } from '@tests/helpers/admin';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import {
  PRIVACY_ADMIN_ENDPOINTS,
  type PrivacyErasure,
  type PrivacySearchResult,
} from '~/features/privacy-admin/admin';
import type { Database } from '~/platform/db/schema';
import type { RetentionSchedule } from '~/platform/privacy/types';

// Issue 14: an organiser finds everything about one e-mail address, exports it and erases it.

const PERSON = {
  email: 'Dalia.K@example.com',
  name: 'Dalia',
  surname: 'Kazlauskienė',
  phone: '+44 7700 900999',
};
const OTHER = 'someone.else@example.com';
const EVERY_TABLE: (keyof Database)[] = [
  'products',
  'bbq_orders',
  'bbq_order_items',
  'contacts',
  'community_memberships',
  'admin_users',
  'admin_invitations',
  'registrations',
  'sponsor_applications',
  'mail_outbox',
  'sign_in_throttle',
  'sessions',
  'audit_log',
  'payment_events',
  'app_settings',
  'self_service_links',
];

describe.each(TEST_DATABASE_KINDS)('admin privacy tools on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let orderNumber: string;
  let orderId: string;

  /** The person sends every form and orders; someone else sends a contact message. */
  async function seed() {
    const forms = [
      {
        ...validRequests.registration,
        changes: { firstName: PERSON.name, lastName: PERSON.surname, phone: PERSON.phone },
      },
      {
        ...validRequests.contact,
        changes: { name: `${PERSON.name} ${PERSON.surname}`, phone: PERSON.phone },
      },
      {
        ...validRequests.sponsor,
        changes: { contactPerson: `${PERSON.name} ${PERSON.surname}`, phone: PERSON.phone },
      },
    ];
    for (const form of forms) {
      const response = await postForm(t.app, form.url, {
        ...form.body,
        ...form.changes,
        email: PERSON.email,
      });
      expect(response.status).toBe(201);
    }
    const other = await postForm(t.app, validRequests.contact.url, {
      ...validRequests.contact.body,
      email: OTHER,
    });
    expect(other.status).toBe(201);
    const order = await insertOrder(t.db, {
      customer_name: `${PERSON.name} ${PERSON.surname}`,
      customer_email: PERSON.email.toLowerCase(),
      customer_phone: PERSON.phone,
      notes: `Call ${PERSON.name} at the gate`,
    });
    orderNumber = order.order_number;
    orderId = order.id;
    await t.db
      .insertInto('mail_outbox')
      .values({
        template: 'order-confirmation',
        to_address: PERSON.email.toLowerCase(),
        subject: `Order ${orderNumber}`,
        html_body: `<p>Dear ${PERSON.name}</p>`,
        text_body: `Dear ${PERSON.name}`,
        next_attempt_at: new Date(),
        related_table: 'bbq_orders',
        related_id: order.id,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'organiser@example.com' });
    cookie = await sessionCookie(t, admin.id);
    await seed();
  });
  afterAll(() => t?.close());

  const query = (email: string) => `?email=${encodeURIComponent(email)}`;

  // Issue 43: a table named by its raw key (privacy.tables.check_ins) on the page. Every table
  // the search reports (each feature's, their related ones, the platform's) and every kind the
  // retention overview lists has its name in both packs.
  it('names every personal-data table in both languages', async () => {
    const search = (await (
      await call(t, 'GET', PRIVACY_ADMIN_ENDPOINTS.search.url() + query('nobody@example.com'), { cookie })
    ).json()) as PrivacySearchResult;
    const retention = (await (
      await call(t, 'GET', PRIVACY_ADMIN_ENDPOINTS.retention.url(), { cookie })
    ).json()) as RetentionSchedule;
    const tables = new Set([
      ...search.tables.map((table) => table.table),
      ...retention.kinds.map((kind) => kind.name),
    ]);
    expect(tables).toContain('check_ins');
    expect(tables).toContain('registration_changes');
    for (const language of ['lt', 'en'] as const) {
      const pack = JSON.parse(
        readFileSync(
          new URL(`../../src/platform/i18n/locales/${language}/admin.json`, import.meta.url),
          'utf8',
        ),
      ) as { privacy: { tables: Record<string, string> } };
      for (const table of tables) expect(pack.privacy.tables[table], `${language}: ${table}`).toBeTruthy();
    }
  });

  it('search finds the person in every table that holds them, and nobody else', async () => {
    const response = await call(
      t,
      'GET',
      PRIVACY_ADMIN_ENDPOINTS.search.url() + query(` ${PERSON.email.toUpperCase()} `),
      {
        cookie,
      },
    );
    expect(response.status).toBe(200);
    const result = (await response.json()) as PrivacySearchResult;
    expect(result.email).toBe(PERSON.email.toLowerCase());
    const count = (table: string) => result.tables.find((x) => x.table === table)?.rows.length;
    expect(count('registrations')).toBe(1);
    expect(count('contacts')).toBe(1);
    expect(count('sponsor_applications')).toBe(1);
    expect(count('bbq_orders')).toBe(1);
    expect(count('bbq_order_items')).toBe(1);
    // Each form: the confirmation to the person and the notice to the organisers; the order's mail.
    expect(count('mail_outbox')).toBeGreaterThanOrEqual(4);
    expect(count('self_service_links')).toBe(3);
    expect(JSON.stringify(result)).not.toContain(OTHER);
    // Secrets (link and order tokens) are never shown.
    expect(JSON.stringify(result)).not.toMatch(/token_hash|public_token/);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.search')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audit)).not.toContain(PERSON.email.toLowerCase());
  });

  it('export is a JSON download with every row the search finds; audited', async () => {
    const search = (await (
      await call(t, 'GET', PRIVACY_ADMIN_ENDPOINTS.search.url() + query(PERSON.email), { cookie })
    ).json()) as PrivacySearchResult;
    const response = await call(t, 'GET', PRIVACY_ADMIN_ENDPOINTS.export.url() + query(PERSON.email), {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-.*\.json"$/,
    );
    const file = (await response.json()) as { email: string; tables: Record<string, unknown[]> };
    expect(file.email).toBe(PERSON.email.toLowerCase());
    for (const table of search.tables) expect(file.tables[table.table], table.table).toEqual(table.rows);
    expect(file.tables.registrations![0]).toMatchObject({ first_name: PERSON.name, phone: PERSON.phone });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('organiser@example.com');
  });

  it('bad addresses: a translated 400, nothing read', async () => {
    for (const email of ['', 'not-an-address', 'x'.repeat(300) + '@example.com']) {
      const response = await call(t, 'GET', PRIVACY_ADMIN_ENDPOINTS.search.url() + query(email), { cookie });
      expect(response.status, email).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'validation' });
    }
    const response = await call(t, 'POST', PRIVACY_ADMIN_ENDPOINTS.erase.url(), {
      cookie,
      body: { email: 'nope' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: [{ field: 'email', message: 'admin:privacy.errors.email' }],
    });
  });

  it('anonymous and cross-site requests are refused, and change nothing', async () => {
    const before = await t.db.selectFrom('contacts').select('id').execute();
    for (const [method, url, body] of [
      ['GET', PRIVACY_ADMIN_ENDPOINTS.search.url() + query(PERSON.email), undefined],
      ['GET', PRIVACY_ADMIN_ENDPOINTS.export.url() + query(PERSON.email), undefined],
      ['POST', PRIVACY_ADMIN_ENDPOINTS.preview.url(), { email: PERSON.email }],
      ['POST', PRIVACY_ADMIN_ENDPOINTS.erase.url(), { email: PERSON.email }],
      ['POST', PRIVACY_ADMIN_ENDPOINTS.retentionRun.url(), {}],
    ] as const) {
      expect((await call(t, method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      if (method === 'POST') {
        const crossSite = await call(t, method, url, { cookie, body, origin: 'https://evil.example' });
        expect(crossSite.status, `${method} ${url} cross-site`).toBe(403);
      }
    }
    expect(await t.db.selectFrom('contacts').select('id').execute()).toEqual(before);
  });

  it('preview counts without changing; erase leaves the order accounting and nothing of the person', async () => {
    const preview = await call(t, 'POST', PRIVACY_ADMIN_ENDPOINTS.preview.url(), {
      cookie,
      body: { email: PERSON.email },
    });
    expect(preview.status).toBe(200);
    const planned = ((await preview.json()) as { tables: { table: string; action: string; count: number }[] })
      .tables;
    const plan = Object.fromEntries(planned.map((p) => [p.table, p]));
    expect(plan.registrations).toEqual({ table: 'registrations', action: 'delete', count: 1 });
    expect(plan.bbq_orders).toEqual({ table: 'bbq_orders', action: 'anonymise', count: 1 });
    expect(plan.self_service_links).toMatchObject({ action: 'delete', count: 3 });
    expect(await t.db.selectFrom('registrations').select('id').execute()).toHaveLength(1);

    const erase = await call(t, 'POST', PRIVACY_ADMIN_ENDPOINTS.erase.url(), {
      cookie,
      body: { email: PERSON.email },
    });
    expect(erase.status).toBe(200);
    const erased = (await erase.json()) as PrivacyErasure;
    expect(erased.tables).toEqual(planned);

    const order = await t.db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      order_number: orderNumber,
      total_amount: 3998,
      customer_name: '',
      customer_phone: null,
    });
    expect(order.created_at).toBeInstanceOf(Date);
    const items = await t.db
      .selectFrom('bbq_order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(items).toMatchObject([{ quantity: 2, total_price: 3998 }]);

    // No table holds the person's address, name or phone; the other sender is untouched.
    const everything = JSON.stringify(
      await Promise.all(EVERY_TABLE.map((table) => t.db.selectFrom(table).selectAll().execute())),
    ).toLowerCase();
    for (const trace of [PERSON.email, PERSON.surname, PERSON.phone, 'dalia'])
      expect(everything, trace).not.toContain(trace.toLowerCase());
    expect(everything).toContain(OTHER);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.erase')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'privacy',
      entity_id: erased.reference,
      actor: 'organiser@example.com',
    });
    expect(audit[0]!.details).toMatchObject({ tables: { registrations: 1, bbq_orders: 1 } });

    // A second erasure finds nothing more.
    const again = (await (
      await call(t, 'POST', PRIVACY_ADMIN_ENDPOINTS.erase.url(), { cookie, body: { email: PERSON.email } })
    ).json()) as PrivacyErasure;
    expect(again.tables.every((x) => x.count === 0)).toBe(true);
  });
});
