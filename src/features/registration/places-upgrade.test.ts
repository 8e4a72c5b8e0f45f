import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '@tests/helpers/test-database';
import { CONTENT_TYPES } from '~/app/content-types';
import { shapeVersion } from '~/platform/content/content-type';
import { upgradeContent } from '~/platform/content/upgrade.server';
import { validateContent } from '~/platform/content/validate';
import { eventContent } from '~/platform/site-content/event';
import eventInitial from '@content/initial/event.json' with { type: 'json' };
import mailInitial from '@content/initial/mail.registration.json' with { type: 'json' };
import privacyInitial from '@content/initial/page.privacy.json' with { type: 'json' };
import { registrationMailTexts } from './mail-texts';

// Issue 32: a database saved before places and the waiting list opens under this code. Its
// event facts (shape 2) gain places with no limits; its registration e-mails' texts (shape 1,
// the confirmation only) gain the waiting list's two e-mails; what the organisers wrote stays.

const { places: _places, ...eventBefore } = eventInitial;
const { waiting: _waiting, offer: _offer, ...mailsBefore } = mailInitial;
const ownConfirmation = {
  ...mailsBefore,
  confirmed: { ...mailsBefore.confirmed, intro: { lt: 'Mūsų pačių žodžiai.', en: 'Our own words.' } },
};

// The privacy notice as the earlier release wrote it: the registration's purpose without the
// waiting list (Lithuanian as it was; the English as an organiser rewrote it).
const earlierPurpose = {
  lt: 'Savaitgaliui suplanuoti (vietos palapinėms, maistas, pagalbininkai) ir susisiekti su jumis dėl registracijos.',
  en: 'Our own purpose.',
};
const privacyBefore = {
  ...privacyInitial,
  collected: {
    ...privacyInitial.collected,
    items: privacyInitial.collected.items.map((item) =>
      item.id === 'registration' ? { ...item, purpose: earlierPurpose } : item,
    ),
  },
};
const registrationItem = (texts: unknown) =>
  (texts as typeof privacyInitial).collected.items.find((item) => item.id === 'registration')!;

describe.each(TEST_DATABASE_KINDS)('places: content saved before them (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const published = async (type: string) =>
    await db()
      .selectFrom('content_documents')
      .select(['published', 'draft', 'schema_version'])
      .where('type', '=', type)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await db()
      .insertInto('content_documents')
      .values([
        {
          type: 'event',
          draft: JSON.stringify(eventBefore),
          published: JSON.stringify(eventBefore),
          schema_version: 2,
        },
        {
          type: 'mail.registration',
          draft: JSON.stringify(ownConfirmation),
          published: JSON.stringify(ownConfirmation),
          schema_version: 1,
        },
        {
          type: 'page.privacy',
          draft: JSON.stringify(privacyBefore),
          published: JSON.stringify(privacyBefore),
          schema_version: 1,
        },
      ])
      .execute();
  });
  afterAll(() => database?.drop());

  it('brings both to today’s shapes, valid, with no limits and the organisers’ own words kept', async () => {
    expect((await upgradeContent(db(), CONTENT_TYPES)).sort()).toEqual([
      'event',
      'mail.registration',
      'page.privacy',
    ]);
    const event = await published('event');
    expect(event.schema_version).toBe(shapeVersion(eventContent));
    expect((event.published as typeof eventInitial).places).toEqual({
      pitches: null,
      people: null,
      offerHours: 48,
    });
    expect(validateContent(eventContent, event.published)).toEqual({ errors: [], missing: [] });
    const mails = await published('mail.registration');
    expect(mails.schema_version).toBe(2);
    const texts = mails.published as typeof mailInitial;
    expect(texts.confirmed.intro.en).toBe('Our own words.');
    expect(texts.waiting).toEqual(mailInitial.waiting);
    expect(texts.offer).toEqual(mailInitial.offer);
    expect(validateContent(registrationMailTexts, mails.draft)).toEqual({ errors: [], missing: [] });
    // The privacy notice names the waiting list where the sentence was left as it was.
    const purpose = registrationItem((await published('page.privacy')).published).purpose;
    expect(purpose.lt).toBe(registrationItem(privacyInitial).purpose.lt);
    expect(purpose.lt).toContain('laukiančiųjų sąraše');
    expect(purpose.en).toBe('Our own purpose.');
  });
});
