import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { loadConfig } from '~/platform/config/config.server';

// Issue 46: the bot trap's fill time comes from the configuration (FORM_MIN_FILL_MS), the
// product's 2 s by default, 0 in the browser tests' servers (which then never wait).

const { url, table, body } = validRequests.contact;
/** Sent half a second after the form appeared: faster than a person, as a bot does. */
const tooFast = { ...body, elapsedMs: 500 };
/** The same form posted to its page without scripts (decision 0039). */
const tooFastPage = new URLSearchParams({
  name: body.name,
  email: body.email,
  phone: body.phone,
  subject: body.subject,
  message: body.message,
  homepage: '',
  elapsedMs: '500',
}).toString();

/** The page's answer (HTML): a post without scripts. */
async function postPage(t: TestApp) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/kontaktai',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: tooFastPage,
  });
  return answer.statusCode;
}

async function storedContacts(t: TestApp) {
  return (await t.db.selectFrom(table).select('id').execute()).length;
}

describe('the forms’ fill time (FORM_MIN_FILL_MS)', () => {
  it('is 2 s unless configured; 0 is allowed, a negative value is not', () => {
    expect(loadConfig({}).FORM_MIN_FILL_MS).toBe(2_000);
    expect(loadConfig({ FORM_MIN_FILL_MS: '0' }).FORM_MIN_FILL_MS).toBe(0);
    expect(() => loadConfig({ FORM_MIN_FILL_MS: '-1' })).toThrow(/FORM_MIN_FILL_MS/);
  });

  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite');
    });
    afterAll(async () => {
      await t.close();
    });

    it('a form sent faster than a person fills it is answered as sent and not stored', async () => {
      const answer = await postForm(t.app, url, tooFast);
      expect(answer.status).toBe(201);
      expect(await postPage(t)).toBe(200);
      expect(await storedContacts(t)).toBe(0);
      // The same form, sent after a person's while, is stored.
      expect((await postForm(t.app, url, body)).status).toBe(201);
      expect(await storedContacts(t)).toBe(1);
    });
  });

  describe('configured 0 (the browser tests’ servers)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite', { FORM_MIN_FILL_MS: '0' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('the same fast form is stored, from the API and from the page', async () => {
      expect((await postForm(t.app, url, tooFast)).status).toBe(201);
      expect(await postPage(t)).toBe(200);
      expect(await storedContacts(t)).toBe(2);
    });
  });
});
