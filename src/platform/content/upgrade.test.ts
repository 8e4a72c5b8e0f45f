import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '@tests/helpers/test-database';
import { defineContentType, shapeVersion } from './content-type';
import { replaceUnchangedTexts } from './page-texts';
import { ContentUpgradeError, upgradeContent } from './upgrade.server';

// Issue 30: documents stored by an earlier release are brought to today's shape at start.

const v1 = { title: 'Sveiki' };
const shape = (upgrades: Record<number, (d: unknown) => unknown>) =>
  defineContentType({
    id: 'test.shape',
    label: 'content:types.event',
    pages: [],
    schema: z.strictObject({ title: z.string(), opens: z.string() }),
    upgrades,
  });
const addOpens = (d: unknown) => ({ ...(d as object), opens: '' });

describe.each(TEST_DATABASE_KINDS)('content upgrades (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const row = () =>
    db()
      .selectFrom('content_documents')
      .select(['draft', 'published', 'schema_version'])
      .where('type', '=', 'test.shape')
      .executeTakeFirstOrThrow();
  const versions = async () =>
    (
      await db()
        .selectFrom('content_versions')
        .select('data')
        .where('type', '=', 'test.shape')
        .orderBy('version')
        .execute()
    ).map((v) => v.data);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const data = JSON.stringify(v1);
    await db()
      .insertInto('content_documents')
      .values({ type: 'test.shape', draft: JSON.stringify({ title: 'Juodraštis' }), published: data })
      .execute();
    await db()
      .insertInto('content_versions')
      .values([
        { type: 'test.shape', version: 1, data: JSON.stringify({ title: 'Pirma' }) },
        { type: 'test.shape', version: 2, data },
      ])
      .execute();
  });
  afterAll(() => database?.drop());

  it('refuses, naming the type, an upgrade whose result is not valid, and writes nothing', async () => {
    const broken = shape({ 1: (d) => ({ ...(d as object), opens: 7 }) });
    await expect(upgradeContent(db(), [broken])).rejects.toThrow(ContentUpgradeError);
    await expect(upgradeContent(db(), [broken])).rejects.toThrow(
      /"test\.shape" is not valid after its upgrade to shape 2/,
    );
    expect(await row()).toEqual({ draft: { title: 'Juodraštis' }, published: v1, schema_version: 1 });
  });

  it('upgrades the draft, the published data and every kept version at once, then leaves them alone', async () => {
    const type = shape({ 1: addOpens });
    expect(shapeVersion(type)).toBe(2);
    expect(await upgradeContent(db(), [type])).toEqual(['test.shape']);
    expect(await row()).toEqual({
      draft: { title: 'Juodraštis', opens: '' },
      published: { title: 'Sveiki', opens: '' },
      schema_version: 2,
    });
    expect(await versions()).toEqual([
      { title: 'Pirma', opens: '' },
      { title: 'Sveiki', opens: '' },
    ]);
    // A second start (or another instance) finds nothing to do.
    expect(await upgradeContent(db(), [type])).toEqual([]);
  });

  it('stops when a newer release stored the document', async () => {
    await expect(upgradeContent(db(), [shape({})])).rejects.toThrow(
      /saved by a newer release \(shape 2, this one knows 1\)/,
    );
  });
});

describe('replaceUnchangedTexts', () => {
  it('rewords a text still as an earlier release wrote it, each language on its own, and no other', () => {
    const upgrade = replaceUnchangedTexts([
      [
        { lt: 'Tyla nuo 23:00.', en: 'Quiet from 23:00.' },
        { lt: 'Tyla nuo {{quietFrom}}.', en: 'Quiet from {{quietFrom}}.' },
      ],
    ]);
    expect(
      upgrade({
        rules: [
          { lt: 'Tyla nuo 23:00.', en: 'Quiet from 23:00.' },
          // The organisers changed the English: it stays as they wrote it.
          { lt: 'Tyla nuo 23:00.', en: 'Quiet from 22:00, please.' },
          { lt: 'Kita.', en: 'Other.' },
        ],
        year: '2026',
        minutes: 5,
      }),
    ).toEqual({
      rules: [
        { lt: 'Tyla nuo {{quietFrom}}.', en: 'Quiet from {{quietFrom}}.' },
        { lt: 'Tyla nuo {{quietFrom}}.', en: 'Quiet from 22:00, please.' },
        { lt: 'Kita.', en: 'Other.' },
      ],
      year: '2026',
      minutes: 5,
    });
  });
});
