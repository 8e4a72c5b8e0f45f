// Rows and requests for the admin API tests (imported by *.test.ts only).
import type { DietColumn } from '~/features/registration/schema';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { createSession, sessionCookieName } from '~/platform/auth/sessions.server';
import type { Database } from '~/platform/db/schema';
import type { TestApp } from '@tests/helpers/test-app';

export const SETUP_TOKEN = 'test-setup-token-0123456789abcdef';

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  /** Defaults to the app's own origin; pass null to send none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A request to the running test app, as a browser on the site would send it. */
export async function call(app: TestApp, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? app.url : options.origin;
  if (origin) headers.origin = origin;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(app.url + path, { method, headers, body, redirect: 'manual' });
}

/**
 * Changes a content document as an organiser would through the admin API: its draft with
 * `change` merged in, saved and published (both must answer 200). Returns the publish's answer.
 */
export async function publishContent(
  app: TestApp,
  cookie: string,
  type: string,
  change: Record<string, unknown>,
): Promise<Response> {
  const doc = (await (await call(app, 'GET', `/api/admin/content/${type}`, { cookie })).json()) as {
    draft: Record<string, unknown>;
    draftVersion: number;
  };
  const draft = await call(app, 'PUT', `/api/admin/content/${type}/draft`, {
    cookie,
    body: { data: { ...doc.draft, ...change }, baseVersion: doc.draftVersion },
  });
  if (draft.status !== 200) throw new Error(`saving ${type}: ${draft.status} ${await draft.text()}`);
  const { draftVersion } = (await draft.json()) as { draftVersion: number };
  const published = await call(app, 'POST', `/api/admin/content/${type}/publish`, {
    cookie,
    body: { baseVersion: draftVersion },
  });
  if (published.status !== 200)
    throw new Error(`publishing ${type}: ${published.status} ${await published.text()}`);
  return published;
}

/** Uploads a photo to the library as the admin editor does (multipart, one `file`). */
export function uploadPhoto(
  app: { url: string },
  cookie: string,
  bytes: Buffer,
  name: string,
  type = 'image/jpeg',
  origin = app.url,
) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${app.url}/api/admin/media`, { method: 'POST', headers: { cookie, origin }, body });
}

/**
 * A stored admin; password hashing is slow, so tests reuse one precomputed hash. A plain
 * admin (the column's default) unless `role: 'owner'` (only owners manage the team).
 */
export async function insertAdmin(
  db: Kysely<Database>,
  passwordHash: string,
  {
    email = `admin-${randomUUID().slice(0, 8)}@example.com`,
    active = true,
    firstName = 'Rūta',
    role = undefined as 'owner' | 'admin' | undefined,
  } = {},
) {
  return db
    .insertInto('admin_users')
    .values({
      email,
      first_name: firstName,
      password_hash: passwordHash,
      is_active: active,
      ...(role && { role }),
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

/** A session cookie for an admin, without going through the (slow) password check. */
export async function sessionCookie(app: TestApp, adminId: string): Promise<string> {
  const id = await createSession(app.db, adminId);
  return `${sessionCookieName(app.config.PUBLIC_URL)}=${id}`;
}

let orderSeq = 0;
export async function insertOrder(
  db: Kysely<Database>,
  values: Partial<Parameters<ReturnType<Kysely<Database>['insertInto']>['values']>[0]> = {},
) {
  orderSeq++;
  const order = await db
    .insertInto('bbq_orders')
    .values({
      order_number: `BBQ-T${Date.now().toString(36)}${orderSeq}`,
      public_token: randomUUID(),
      customer_name: 'Jonas Jonaitis',
      customer_email: 'jonas@example.com',
      customer_phone: '+44 7700 900123',
      delivery_method: 'delivery',
      delivery_address: JSON.stringify({
        street: '1 Lake Rd',
        city: 'Cardiff',
        postal_code: 'CF10 1AA',
        country: 'GB',
      }),
      total_amount: 3998,
      updated_at: new Date(),
      ...values,
    } as never)
    .returning(['id', 'order_number'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bbq_order_items')
    .values({
      order_id: order.id,
      product_id: 'charcoal-10kg',
      product_name: 'Medžio anglys 10 kg',
      quantity: 2,
      product_price: 1999,
      total_price: 3998,
    })
    .execute();
  return order;
}

export async function insertContact(
  db: Kysely<Database>,
  values: Partial<{ name: string; status: 'new' | 'resolved'; message: string; created_at: Date }> = {},
) {
  return db
    .insertInto('contacts')
    .values({
      name: 'Ona Onaitė',
      email: 'ona@example.com',
      message: 'Ar galima atvykti su šunimi?',
      category: 'general',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The newest edition in `editions` (the admin area shows the published one by default). */
const NEWEST_EDITION = sql<number>`(select max(edition) from editions)`;

export async function insertRegistration(
  db: Kysely<Database>,
  values: Partial<{
    first_name: string;
    email: string;
    language: string;
    status: string;
    camping: string;
    adults: number;
    children: number;
    types: string[];
    /** Defaults to the newest edition published (as the form gives the one coming up). */
    edition: number | null;
  }> &
    Partial<Record<DietColumn, number>> = {},
) {
  const { types = ['participate'], edition = NEWEST_EDITION, ...rest } = values;
  return db
    .insertInto('registrations')
    .values({
      edition,
      first_name: 'Gintarė',
      last_name: 'Žemaitytė',
      email: 'gintare@example.com',
      phone: '+44 7700 900456',
      participation_types: JSON.stringify(types),
      camping: 'tent',
      adults: 2,
      children: 1,
      agreed_to_rules: true,
      ...rest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertSponsorApplication(
  db: Kysely<Database>,
  status: 'new' | 'contacted' | 'accepted' | 'declined' = 'new',
  edition: number | null | typeof NEWEST_EDITION = NEWEST_EDITION,
) {
  return db
    .insertInto('sponsor_applications')
    .values({
      edition,
      company_name: 'Kepsninės UAB',
      contact_person: 'Petras Petraitis',
      email: 'petras@example.com',
      sponsorship_level: 'gold',
      sponsorship_types: JSON.stringify(['prizes']),
      budget_range: '500-1000',
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function auditRows(db: Kysely<Database>, entityId: string) {
  return db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();
}
