import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { validRequests } from './forms';
import { VALID_ORDER } from './orders';
import type { TestApp } from './test-app';

// Property-based fuzzing of every public endpoint with random JSON, wrong types, huge and
// unicode strings, missing and extra fields. Invariants (checked by the callers): never an
// answer ≥ 500, and no table gains a row. Rate limits are keyed per client IP, so each
// request comes from a random address (TRUST_PROXY) to reach the handlers rather than the
// limiter. Used by tests/reliability/fuzz.test.ts and `npm run bench -- fuzz`.

const POST_ENDPOINTS = [
  '/api/registrations',
  '/api/contact',
  '/api/sponsor-applications',
  '/api/orders',
  '/api/orders/lookup',
  '/api/orders/history-link',
  '/api/orders/fuzz-token/erase',
  '/api/my-data/cancel',
  '/api/my-data/revoke',
  '/api/payments/stripe/webhook',
  '/api/admin/login',
  '/api/admin/setup',
  '/api/admin/logout',
  '/pay/test/fuzz-session',
];
const GET_ENDPOINTS = [
  '/api/orders/history',
  '/api/my-data',
  '/mano-duomenys',
  '/api/orders/',
  '/pay/test/',
  '/order-success',
  '/order-history',
  '/',
  '/sponsor/reduk/anglys',
  '/api/health',
  '/api/admin/session',
  '/api/admin/setup',
  '/api/admin/orders',
];
const CONTROL_IN_QUERY = ['\u0000', 'a\u0000b', '\u001b[0m', '\u007f'];
const QUERY_PARAMETERS = ['link', 'order_id', 'lang', 'kategorija', 'payment', 'page', 'q', 'status', 'x'];

const FUZZ_TABLES = [
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
  'password',
  'token',
  'tokens',
  'phone',
  'participationType',
  'camping',
  'agreedToRules',
  'dataConsent',
  'healthConsent',
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

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  payload: unknown;
  raw: string | null;
  contentType: string;
  ip: string;
}

/** The body with `character` put into its n-th string (counted over nested values, modulo their number). */
function withCharacterAt(body: unknown, n: number, character: string): unknown {
  const count = (value: unknown): number =>
    typeof value === 'string'
      ? 1
      : value && typeof value === 'object'
        ? Object.values(value).reduce((sum: number, item) => sum + count(item), 0)
        : 0;
  const index = n % count(body);
  let seen = 0;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string')
      return seen++ === index ? `${value.slice(0, 3)}${character}${value.slice(3)}` : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk(body);
}

/**
 * Otherwise VALID requests with NUL or another control character in one text field: without
 * the control-character guard PostgreSQL refused them with a 500 (issue 19, finding 9).
 */
const VALID_BODIES: [string, unknown][] = [
  ['/api/orders', VALID_ORDER],
  ['/api/orders', { ...VALID_ORDER, delivery_method: 'pickup', delivery_address: null, notes: 'Prie vartų' }],
  ...Object.values(validRequests).map((form): [string, unknown] => [form.url, form.body]),
  ['/api/orders/history-link', { email: 'jonas@example.lt', language: 'lt' }],
  ['/api/admin/login', { email: 'admin@example.com', password: 'a-password-long-enough' }],
];
const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  fc
    .record({
      method: fc.constant('POST' as const),
      url: fc.constant(''),
      payload: fc
        .tuple(fc.constantFrom(...VALID_BODIES), fc.nat(20), controlCharacter)
        .map(([[url, body], index, character]) => ({
          url,
          body: withCharacterAt(body, index, character),
        })),
      raw: fc.constant(null),
      contentType: fc.constant('application/json'),
      ip,
    })
    .map(({ payload, ...request }) => ({ ...request, url: payload.url, payload: payload.body })),
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
          fc.constantFrom(...QUERY_PARAMETERS),
          fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom(...CONTROL_IN_QUERY)),
        ),
      )
      .map(([path, suffix, query]) => `${path}${encodeURIComponent(suffix)}?${new URLSearchParams(query)}`),
    payload: fc.constant(undefined),
    raw: fc.constant(null),
    contentType: fc.constant('application/json'),
    ip,
  }),
);

/** Sends `runs` random bad requests through the app (in process); `check` sees each answer. */
export async function fuzz(
  site: TestApp,
  options: {
    runs: number;
    seed: number;
    check: (request: FuzzRequest, response: LightMyRequestResponse) => void;
  },
): Promise<number> {
  let requests = 0;
  await fc.assert(
    fc.asyncProperty(fuzzRequest, async (request) => {
      requests++;
      const response = await site.app.inject({
        method: request.method,
        url: request.url,
        headers: { 'content-type': request.contentType, 'x-forwarded-for': request.ip, origin: site.url },
        ...(request.method === 'POST'
          ? { payload: request.raw ?? JSON.stringify(request.payload ?? null) }
          : {}),
      });
      options.check(request, response);
    }),
    { numRuns: options.runs, seed: options.seed },
  );
  return requests;
}

/** Row count of every table the public endpoints could write to. */
export async function tableCounts(db: TestApp['db']): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of FUZZ_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.n;
  }
  return counts;
}
