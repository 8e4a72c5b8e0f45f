import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_NAMES, freshIp, postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 19, finding 7: the contact form's auto-reply quoted the message to whatever address
// was typed — a free relay for anyone's text, 10 per 10 minutes per address per form. Now
// the automatic reply is a fixed acknowledgement in the visitor's language, and at most 3
// go to one address in a day, over all the forms.

const BAIT = 'Your account is blocked, log in at http://phish.example/now';
const TEMPLATES = {
  registration: 'registration.confirmation',
  contact: 'contact.acknowledgement',
  sponsor: 'sponsor_application.autoresponse',
} as const;

/** Every free-text field of a form filled with the bait (where the schema allows its length). */
function baited(form: (typeof FORM_NAMES)[number]) {
  const { body } = validRequests[form];
  const text: Record<string, string> = {
    registration: 'firstName lastName dietaryNeeds accessibilityNeeds notes',
    contact: 'name message',
    sponsor: 'companyName contactPerson message',
  };
  const changes = Object.fromEntries(
    text[form]!.split(' ').map((field) => [
      field,
      field.endsWith('Name') ? 'Phish http://phish.example' : BAIT,
    ]),
  );
  return { ...body, ...changes };
}

describe.each(DEFAULT_TEST_DATABASE)('automatic replies (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const mailsTo = (address: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('created_at')
      .execute();

  it.each(FORM_NAMES)('%s: the reply to the visitor carries none of their text', async (form) => {
    const to = `victim-${form}@example.com`;
    for (const language of ['lt', 'en'] as const) {
      const response = await postForm(t.app, validRequests[form].url, {
        ...baited(form),
        email: to,
        language,
      });
      expect(response.status).toBe(201);
    }
    const replies = await mailsTo(to);
    expect(replies.map((m) => m.template)).toEqual([TEMPLATES[form], TEMPLATES[form]]);
    for (const reply of replies) {
      for (const body of [reply.subject, reply.text_body, reply.html_body]) {
        expect(body).not.toContain('phish');
        expect(body).not.toContain('Phish');
      }
      expect(reply.auto_reply).toBe(true);
    }
    // In the visitor's language.
    expect(replies[0]!.html_body).toContain('<html lang="lt">');
    expect(replies[1]!.html_body).toContain('<html lang="en">');
    // The organisers still get everything that was sent.
    const notices = await t.db.selectFrom('mail_outbox').selectAll().where('reply_to', '=', to).execute();
    expect(notices).toHaveLength(2);
    expect(notices[0]!.text_body).toContain('phish.example');
  });

  it('sends at most 3 automatic replies to one address a day, over all the forms', async () => {
    const to = 'Flooded@Example.com';
    const sends = [
      ['contact', to],
      ['contact', to.toLowerCase()],
      ['registration', to],
      ['sponsor', to.toUpperCase()],
      ['contact', to],
    ] as const;
    for (const [form, email] of sends) {
      const response = await postForm(
        t.app,
        validRequests[form].url,
        { ...validRequests[form].body, email },
        { ip: freshIp() },
      );
      expect(response.status).toBe(201);
    }
    const replies = await t.db
      .selectFrom('mail_outbox')
      .select(['template'])
      .where('auto_reply', '=', true)
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()))
      .execute();
    expect(replies).toHaveLength(3);
    // Every submission was stored, each with its notice to the organisers.
    const notices = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('auto_reply', '=', false)
      .where((eb) => eb(eb.fn('lower', ['reply_to']), '=', to.toLowerCase()))
      .execute();
    expect(notices).toHaveLength(5);
    // A day later the address may get replies again.
    await sql`update mail_outbox set created_at = now() - interval '25 hours'`.execute(t.db);
    const later = await postForm(t.app, validRequests.contact.url, {
      ...validRequests.contact.body,
      email: to,
    });
    expect(later.status).toBe(201);
    const after = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('auto_reply', '=', true)
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()))
      .execute();
    expect(after).toHaveLength(4);
  });
});
