import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { FORM_RATE_LIMIT } from './form-endpoint.server';
import {
  clearFormTables,
  countRows,
  FORM_NAMES,
  freshIp,
  postForm,
  validRequests,
} from '@tests/helpers/forms';

// What every public form endpoint shares: spam handling, rate limit, payload limits and
// malformed requests. Nothing here may be stored, and nothing may answer 5xx.
describe.each(DEFAULT_TEST_DATABASE)('form endpoints on %s', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp(kind);
  });
  afterAll(async () => {
    await site.close();
  });

  async function expectNothingStored() {
    expect(await countRows(site.db)).toEqual({
      registrations: 0,
      contacts: 0,
      sponsor_applications: 0,
      mail_outbox: 0,
    });
  }

  describe.each(FORM_NAMES)('%s', (form) => {
    const { url, body } = validRequests[form];

    it('a filled honeypot answers success and stores nothing', async () => {
      const response = await postForm(site.app, url, { ...body, homepage: 'http://spam.example' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ ok: true });
      await expectNothingStored();
    });

    it('a form sent faster than a person can fill it is treated like the honeypot', async () => {
      const response = await postForm(site.app, url, { ...body, elapsedMs: 600 });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ ok: true });
      await expectNothingStored();
    });

    it('unknown fields are rejected, not ignored', async () => {
      const response = await postForm(site.app, url, { ...body, isAdmin: true });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual([{ field: '', message: 'common:apiErrors.unknownFields' }]);
      await expectNothingStored();
    });

    it('missing request metadata is a 400 (the fill time may be missing: forms posted without scripts)', async () => {
      const { elapsedMs: _e, language: _l, ...rest } = body;
      const response = await postForm(site.app, url, rest);
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual([{ field: 'language', message: 'common:apiErrors.badRequest' }]);
      await expectNothingStored();
    });

    it.each([
      ['malformed JSON', '{"name": "Jonas", ', 'application/json'],
      ['an empty JSON body', '', 'application/json'],
      ['a JSON array', '[1, 2, 3]', 'application/json'],
      ['a JSON string', '"hello"', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['a form-encoded body', 'name=Jonas&email=j%40example.com', 'application/x-www-form-urlencoded'],
      ['plain text', 'hello', 'text/plain'],
    ])('%s answers 4xx with a message key', async (_label, payload, contentType) => {
      const response = await postForm(site.app, url, payload, { contentType });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(String(response.body.message)).toMatch(/^common:apiErrors\./);
      await expectNothingStored();
    });

    it('an oversize body answers 413', async () => {
      const response = await postForm(site.app, url, { ...body, notes: 'x'.repeat(40_000) });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({
        error: 'payload_too_large',
        message: 'common:apiErrors.tooLarge',
      });
      await expectNothingStored();
    });

    it(`answers 429 with a message key after ${FORM_RATE_LIMIT.max} requests from one address`, async () => {
      const ip = freshIp();
      const invalid = { ...body, email: 'not-an-email' };
      for (let i = 0; i < FORM_RATE_LIMIT.max; i++) {
        expect((await postForm(site.app, url, invalid, { ip })).status).toBe(400);
      }
      const limited = await postForm(site.app, url, body, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'rate_limited',
        message: 'common:apiErrors.rateLimited',
        retryAfter: Number(limited.headers['retry-after']),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await expectNothingStored();
      // Another address, and the same address on another form, are not affected.
      expect((await postForm(site.app, url, invalid)).status).toBe(400);
      const other = FORM_NAMES.find((name) => name !== form)!;
      expect(
        (
          await postForm(
            site.app,
            validRequests[other].url,
            { ...validRequests[other].body, email: 'x' },
            { ip },
          )
        ).status,
      ).toBe(400);
    });
  });

  it('hostile values in any field never cause a 5xx, and every stored record has its e-mails', async () => {
    const hostile: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      ' ',
      '\u0000',
      'Rūta\u0000Žemaitytė',
      '\uD800 lone surrogate',
      '😀'.repeat(60),
      'x'.repeat(20_000),
      {},
      [],
      [[]],
      [{}],
      { $gt: '' },
      '<script>alert(1)</script>',
      "'; drop table contacts; --",
    ];
    const statuses = new Map<number, number>();
    for (const form of FORM_NAMES) {
      const { url, body } = validRequests[form];
      for (const field of Object.keys(body)) {
        for (const value of hostile) {
          const response = await postForm(site.app, url, { ...body, [field]: value });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect([201, 400, 413], `${form}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`).toContain(
            response.status,
          );
        }
      }
      const proto = await postForm(site.app, url, `{"__proto__": {"admin": true}, "constructor": {}}`);
      expect(proto.status).toBe(400);
    }
    expect(statuses.get(400)).toBeGreaterThan(100);
    const rows = await countRows(site.db);
    const records = rows.registrations + rows.contacts + rows.sponsor_applications;
    // One notice to the organisers per record; automatic replies to the sender are capped a day.
    const notices = await site.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('auto_reply', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(records);
    expect(rows.mail_outbox - records).toBeGreaterThan(0);
    expect(rows.mail_outbox - records).toBeLessThanOrEqual(records);
    const stored = await site.db.selectFrom('contacts').select(['name', 'message']).execute();
    for (const row of stored) expect(row.name + row.message).not.toContain('\u0000');
    await clearFormTables(site.db);
  });

  it('counts the rate limit over real HTTP too', async () => {
    const { url, body } = validRequests.contact;
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_RATE_LIMIT.max; i++) {
      const response = await fetch(new URL(url, site.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, email: 'broken' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, FORM_RATE_LIMIT.max).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await expectNothingStored();
  });
});
