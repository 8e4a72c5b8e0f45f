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

const { url, body } = validRequests.sponsor;
const key = (name: string) => `sponsorApplication:validation.${name}`;

// docs/PRODUCT.md (Rules) (sponsor application).
const invalidCases: Array<[field: string, value: unknown, message: string]> = [
  ['companyName', 'G', key('companyNameMin')],
  ['companyName', undefined, key('companyNameMin')],
  ['companyName', 'G'.repeat(121), 'forms:validation.tooLong'],
  ['contactPerson', 'E', key('contactPersonMin')],
  ['contactPerson', '', key('contactPersonMin')],
  ['email', 'emma@', key('emailInvalid')],
  ['email', '', key('emailInvalid')],
  ['phone', '123', key('phoneInvalid')],
  ['website', 'not a website', key('websiteInvalid')],
  ['website', 'localhost', key('websiteInvalid')],
  ['sponsorshipLevel', '', key('levelRequired')],
  ['sponsorshipLevel', 'diamond', key('levelRequired')],
  ['sponsorshipLevel', undefined, key('levelRequired')],
  ['sponsorshipTypes', [], key('typesRequired')],
  ['sponsorshipTypes', ['billboard'], key('typesRequired')],
  ['sponsorshipTypes', undefined, key('typesRequired')],
  ['budgetRange', '', key('budgetRequired')],
  ['budgetRange', '1000000', key('budgetRequired')],
  ['budgetRange', undefined, key('budgetRequired')],
  ['message', 'x'.repeat(5001), 'forms:validation.tooLong'],
];

describe.each(DEFAULT_TEST_DATABASE)('POST /api/sponsor-applications on %s', (kind) => {
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
    expect(await countRows(site.db)).toMatchObject({ sponsor_applications: 0, mail_outbox: 0 });
  });

  it('stores a valid application as new and queues the organisers’ mail and the autoresponse', async () => {
    const response = await postForm(site.app, url, body);
    expect(response.status).toBe(201);

    const rows = await site.db.selectFrom('sponsor_applications').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company_name: 'Grill & Co Ltd',
      contact_person: 'Emma Jones',
      email: 'emma@grill.example',
      phone: '029 2000 1234',
      website: 'https://grill.example/',
      sponsorship_level: 'gold',
      sponsorship_types: ['logo', 'prizes'],
      budget_range: '1000-2500',
      message: 'We would love to provide the prize.',
      status: 'new',
      language: 'en',
    });

    const mails = await outboxRows(site.db);
    expect(mails.map((m) => [m.template, m.to_address, m.reply_to])).toEqual([
      ['sponsor_application.autoresponse', 'emma@grill.example', 'info@lietuviubbq.uk'],
      ['sponsor_application.notification', site.config.ORGANISER_EMAIL, 'emma@grill.example'],
    ]);
    const [autoresponse, notification] = mails;
    expect(autoresponse!.subject).toBe(
      'Thank you for your sponsor application – Lithuanian BBQ Weekend in Wales',
    );
    expect(autoresponse!.text_body).toContain(
      'Ways to contribute: Logo display at the event, Prizes for the competition',
    );
    expect(autoresponse!.html_body).not.toContain('Grill'); // nothing typed goes back (issue 19, finding 7)
    expect(notification!.html_body).toContain('Grill &amp; Co Ltd');
    expect(notification!.subject).toBe('Nauja rėmėjo paraiška: Grill & Co Ltd');
    // The budget's amounts in the one money format (issue 18, item 7).
    expect(notification!.text_body.replace(/\s/g, ' ')).toContain('Numatomas biudžetas: 1 000 £–2 500 £');
  });

  it('leaves the optional fields empty when not given', async () => {
    const response = await postForm(site.app, url, { ...body, phone: '', website: '', message: '   ' });
    expect(response.status).toBe(201);
    const row = await site.db
      .selectFrom('sponsor_applications')
      .select(['phone', 'website', 'message'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: null, website: null, message: null });
  });
});
