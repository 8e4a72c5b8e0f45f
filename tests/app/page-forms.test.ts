import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFormTables, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { FORM_RATE_LIMIT } from '~/platform/forms/form-endpoint.server';
import { z } from 'zod';
import { formObject } from '~/platform/forms/schema';
import { parseForm } from '~/platform/forms/submission';

// Issue 18 (2), decision 0030: forms posted without scripts to their page's own address.

const FORM = 'application/x-www-form-urlencoded';

/** A form as the browser posts it: text fields, repeated names for checkbox groups. */
function posted(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const item of [value].flat()) body.append(name, item);
  return body.toString();
}

const REGISTRATION = {
  firstName: 'Rūta',
  lastName: 'Žemaitytė',
  email: 'ruta.nojs@example.com',
  phone: '+44 7700 900456',
  participationType: ['compete', 'music'],
  camping: 'tent',
  adults: '2',
  children: '0',
  dietaryNeeds: '',
  accessibilityNeeds: '',
  notes: '',
  agreedToRules: 'on',
  dataConsent: 'on',
  homepage: '',
};

describe.each(DEFAULT_TEST_DATABASE)('forms without scripts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clearFormTables(t.db);
  });

  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': FORM, ...headers }, payload: body });

  it('a valid registration is stored with its e-mails, then a 303 to the success page in the same language', async () => {
    const answer = await post('/registracija?lang=en', posted(REGISTRATION));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/registracija-sekminga?lang=en');
    const row = await t.db
      .selectFrom('registrations')
      .select(['adults', 'children', 'participation_types', 'consents', 'language'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ adults: 2, children: 0, language: 'en' });
    expect(row.participation_types).toEqual(['compete', 'music']);
    const mails = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).toContain(REGISTRATION.email);
  });

  it('bad input: 400, the page again with translated errors and the values kept, nothing stored', async () => {
    const answer = await post('/registracija', posted({ ...REGISTRATION, email: 'nope', adults: '99' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('Patikrinkite pažymėtus laukus ir bandykite dar kartą.');
    expect(answer.body).toContain('Neteisingas el. pašto formatas');
    expect(answer.body).toContain('value="Rūta"');
    expect(answer.body).toContain('value="nope"');
    // The page's inline scripts (the outcome rides in its hydration data) are allowed by its CSP.
    const hashes = answer.headers['content-security-policy'];
    expect(hashes).toMatch(/script-src 'self' 'sha256-/);
    expect(await t.db.selectFrom('registrations').select('id').execute()).toHaveLength(0);
  });

  it('contact: stored and answered with the page showing its success notice', async () => {
    const { body } = validRequests.contact;
    const answer = await post(
      '/kontaktai',
      posted({ name: body.name, email: body.email, phone: '', subject: body.subject, message: body.message }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('role="status"');
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(1);
  });

  it('a filled honeypot is answered as a success and stores nothing', async () => {
    const answer = await post('/registracija', posted({ ...REGISTRATION, homepage: 'http://spam.example' }));
    expect(answer.statusCode).toBe(303);
    expect(await t.db.selectFrom('registrations').select('id').execute()).toHaveLength(0);
  });

  it('JSON or unknown fields posted to a page: a translated 4xx page, never a 500, nothing stored', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/registracija',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('<html');
    const unknown = await post('/kontaktai', posted({ ...REGISTRATION }));
    expect(unknown.statusCode).toBe(400);
    const control = await post('/kontaktai', posted({ name: 'A\u0007B' }));
    expect(control.statusCode).toBe(400);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(0);
  });

  it('with scripts (<page>.data): the same action, its answer marked as React Router’s own', async () => {
    const fields = { name: 'x', email: 'nope', phone: '', subject: 'general', message: 'Trumpa' };
    const answer = await post('/kontaktai.data', posted({ ...fields, language: 'en', elapsedMs: '5000' }));
    // Without the mark the browser's router takes a 400 for a proxy's error page.
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['x-remix-response']).toBe('yes');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('contactForm:validation.nameMin');
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(0);
  });

  it('too many posts: 429, the page again with the reason and what was typed (issue 31, item 9)', async () => {
    const typed = { name: 'Rūta Limitaitė', email: 'nope', phone: '', subject: 'general', message: 'Trumpa' };
    // Until the form's budget (shared with the other posts here) is spent.
    const answers = [];
    do answers.push(await post('/kontaktai', posted(typed)));
    while (answers.at(-1)!.statusCode === 400 && answers.length <= FORM_RATE_LIMIT.max);
    expect(answers.at(-1)!.statusCode).toBe(429);
    const refused = answers.at(-1)!;
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Per trumpą laiką gavome per daug bandymų.');
    // When to try again, from the rate limit's Retry-After (issue 42, item 9).
    expect(refused.body).toMatch(/Bandykite dar kartą po (9|10) minučių\./);
    expect(refused.body).toContain('value="Rūta Limitaitė"');
    expect(refused.body).toContain('>Trumpa</textarea>');
  });

  it('an order from the order page goes straight on to the payment page', async () => {
    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const answer = await post(
      `/uzsakymas/${product.id}`,
      posted({
        product_id: product.id,
        quantity: '2',
        customer_name: 'Rūta Petrauskienė',
        customer_email: 'ruta.order@example.lt',
        customer_phone: '',
        delivery_method: 'pickup',
        'delivery_address.street': '',
        'delivery_address.city': '',
        'delivery_address.postal_code': '',
        'delivery_address.country': 'LT',
        notes: '',
      }),
    );
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(/\/pay\/test\//);
    const order = await t.db
      .selectFrom('bbq_orders')
      .select(['delivery_method', 'delivery_address', 'total_amount'])
      .executeTakeFirstOrThrow();
    expect(order.delivery_method).toBe('pickup');
    expect(order.delivery_address).toBeNull();
  });
});

describe('parseForm: the posted text read by conform with the form’s schema, in the browser and the action', () => {
  const schema = formObject({
    adults: z
      .number({ error: 'registration:validation.adults' })
      .int()
      .min(1, 'registration:validation.adults'),
    agreed: z.boolean(),
    kinds: z.array(z.string()).min(1, 'registration:validation.participationType'),
    address: formObject({ city: z.string().min(2, 'shop:orderForm.errors.city') }),
    name: z.string().min(2),
  });
  const form = (fields: Record<string, string | string[]>) => new URLSearchParams(posted(fields));

  it('numbers, ticks, lists and nested groups coerced from text', () => {
    const submission = parseForm(
      form({ adults: '2', agreed: 'on', kinds: 'music', 'address.city': 'Kaunas', name: 'Rūta' }),
      schema,
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      adults: 2,
      agreed: true,
      kinds: ['music'],
      address: { city: 'Kaunas' },
      name: 'Rūta',
    });
  });

  it('errors as message keys by field (zod’s English as “bad request”), the values kept as typed', () => {
    const reply = parseForm(
      form({ adults: 'two', 'address.city': 'K', name: 'R', extra: 'x' }),
      schema,
    ).reply();
    expect(reply.status).toBe('error');
    expect(reply.error).toMatchObject({
      adults: ['registration:validation.adults'],
      kinds: ['registration:validation.participationType'],
      'address.city': ['shop:orderForm.errors.city'],
      name: ['common:apiErrors.badRequest'],
      '': ['common:apiErrors.unknownFields'],
    });
    expect(reply.initialValue).toMatchObject({ adults: 'two', address: { city: 'K' }, name: 'R' });
  });
});
