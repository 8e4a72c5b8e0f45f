import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import {
  clearFormTables,
  countRows,
  outboxRows,
  postForm,
  validRequests,
  withField,
} from '@tests/helpers/forms';

const { url, body } = validRequests.contact;
const key = (name: string) => `contactForm:validation.${name}`;

// docs/PRODUCT.md (Rules) (contact form); the subject is a choice, so "subjectMin" means "choose one".
const invalidCases: Array<[field: string, value: unknown, message: string]> = [
  ['name', 'J', key('nameMin')],
  ['name', '  ', key('nameMin')],
  ['name', undefined, key('nameMin')],
  ['name', 'J'.repeat(101), 'forms:validation.tooLong'],
  ['email', 'jonas', key('emailInvalid')],
  ['email', 'jonas@', key('emailInvalid')],
  ['email', undefined, key('emailInvalid')],
  ['phone', '12', key('phoneInvalid')],
  ['phone', 'phone me', key('phoneInvalid')],
  ['subject', '', key('subjectMin')],
  ['subject', 'Hi', key('subjectMin')],
  ['subject', 'complaints', key('subjectMin')],
  ['subject', undefined, key('subjectMin')],
  ['message', 'Too short', key('messageMin')],
  ['message', '          ', key('messageMin')],
  ['message', undefined, key('messageMin')],
  ['message', 'x'.repeat(5001), 'forms:validation.tooLong'],
];

describe.each(DEFAULT_TEST_DATABASE)('POST /api/contact on %s', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp(kind);
  });
  afterAll(async () => {
    await site.close();
  });
  beforeEach(async () => {
    await clearFormTables(site.db);
  });

  it.each(invalidCases)('rejects %s = %j with %s and writes nothing', async (field, value, message) => {
    const response = await postForm(site.app, url, withField(body, field, value));
    expect(response.status).toBe(400);
    expect(response.body.fields).toContainEqual({ field, message });
    expect(await countRows(site.db)).toMatchObject({ contacts: 0, mail_outbox: 0 });
  });

  it('stores a valid message as a new contact and queues the organisers’ mail and the acknowledgement', async () => {
    const response = await postForm(site.app, url, { ...body, phone: '' });
    expect(response.status).toBe(201);

    const rows = await site.db.selectFrom('contacts').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Jonas Petraitis',
      email: 'jonas@example.com',
      phone: null,
      category: 'volunteers',
      message: 'Norėčiau padėti statyti palapines.',
      status: 'new',
      language: 'lt',
    });

    const mails = await outboxRows(site.db);
    expect(mails.map((m) => [m.template, m.to_address, m.reply_to])).toEqual([
      ['contact.acknowledgement', 'jonas@example.com', 'info@lietuviubbq.uk'],
      ['contact.notification', site.config.ORGANISER_EMAIL, 'jonas@example.com'],
    ]);
    const notification = mails.find((m) => m.template === 'contact.notification')!;
    expect(notification.subject).toBe('Nauja žinutė (Savanorystė): Jonas Petraitis');
    expect(notification.text_body).toContain('Norėčiau padėti statyti palapines.');
    expect(notification.text_body).toContain('Telefono numeris: Nepateikta');
  });

  it('acknowledges an English visitor in English', async () => {
    const response = await postForm(site.app, url, { ...body, language: 'en', phone: '07700 900789' });
    expect(response.status).toBe(201);
    const row = await site.db.selectFrom('contacts').select(['phone', 'language']).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '07700 900789', language: 'en' });
    const acknowledgement = (await outboxRows(site.db)).find(
      (m) => m.template === 'contact.acknowledgement',
    )!;
    expect(acknowledgement.subject).toBe('We have received your message – Lithuanian BBQ Weekend in Wales');
    expect(acknowledgement.text_body).toContain('Subject: Volunteering');
  });
});
