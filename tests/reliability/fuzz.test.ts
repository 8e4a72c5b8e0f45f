import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Property-based fuzzing of every public endpoint with random JSON, wrong types, huge and
// unicode strings, missing and extra fields. Invariants: never an answer ≥ 500, and no
// table gains a row. Rate limits are keyed per client IP, so each request comes from a
// random address (TRUST_PROXY) to reach the handlers rather than the limiter.
const POST_ENDPOINTS = [
  '/api/registrations',
  '/api/contact',
  '/api/sponsor-applications',
  '/api/orders',
  '/api/orders/lookup',
  '/api/orders/history-link',
  '/api/payments/stripe/webhook',
  '/pay/test/fuzz-session',
];
const GET_ENDPOINTS = ['/api/orders/history', '/api/orders/', '/pay/test/', '/order-success', '/api/health'];
const TABLES = [
  'bbq_orders',
  'bbq_order_items',
  'contacts',
  'registrations',
  'sponsor_applications',
  'mail_outbox',
  'community_memberships',
  'admin_users',
  'sessions',
  'audit_log',
  'payment_events',
] as const;

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'participationType',
  'camping',
  'agreedToRules',
  'name',
  'subject',
  'message',
  'companyName',
  'contactPerson',
  'sponsorshipLevel',
  'sponsorshipTypes',
  'budgetRange',
  'product_id',
  'quantity',
  'customer_name',
  'customer_email',
  'delivery_method',
  'delivery_address',
  'language',
  'elapsedMs',
  'website',
  'price',
  'total_amount',
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '🔥'.repeat(500),
    'a'.repeat(100_000),
    '<img src=x onerror=alert(1)>',
    "'; drop table contacts; --",
    'NaN',
    '-1',
    '1e309',
    '__proto__',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, nasty, fc.array(tie('node'), { maxLength: 4 }), tie('object')),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), tie('node'), { maxKeys: 8 }),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: FIELD_NAMES.length }),
  value,
);
const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

describe('fuzzing the public endpoints', () => {
  let site: TestApp;
  let before: Record<string, number>;

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        site.db,
      );
      out[table] = rows[0]!.n;
    }
    return out;
  };

  beforeAll(async () => {
    site = await startTestApp('pglite', { TRUST_PROXY: 'true' });
    before = await counts();
  });
  afterAll(() => site?.close());

  it(`${RUNS} bad requests: no 5xx, no rows written`, async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            method: fc.constant('POST' as const),
            url: fc.constantFrom(...POST_ENDPOINTS),
            payload: body,
            raw: fc.option(fc.string({ maxLength: 300 }), { freq: 4 }),
            contentType: fc.constantFrom(
              'application/json',
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data',
            ),
            ip,
          }),
          fc.record({
            method: fc.constant('GET' as const),
            url: fc
              .tuple(
                fc.constantFrom(...GET_ENDPOINTS),
                fc.string({ maxLength: 80 }),
                fc.dictionary(
                  fc.constantFrom('link', 'order_id', 'lang', 'kategorija', 'x'),
                  fc.string({ maxLength: 300 }),
                ),
              )
              .map(
                ([path, suffix, query]) =>
                  `${path}${encodeURIComponent(suffix)}?${new URLSearchParams(query)}`,
              ),
            payload: fc.constant(undefined),
            raw: fc.constant(null),
            contentType: fc.constant('application/json'),
            ip,
          }),
        ),
        async ({ method, url, payload, raw, contentType, ip: address }) => {
          requests++;
          const response = await site.app.inject({
            method,
            url,
            headers: { 'content-type': contentType, 'x-forwarded-for': address, origin: site.url },
            ...(method === 'POST' ? { payload: raw ?? JSON.stringify(payload ?? null) } : {}),
          });
          expect(response.statusCode, `${method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20_261_122) },
    );
    expect(requests).toBeGreaterThanOrEqual(RUNS);
    expect(await counts()).toEqual(before);
  }, 600_000);
});
