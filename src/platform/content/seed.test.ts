import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '@tests/helpers/test-database';
import { defineContentType } from './content-type';
import { seedContent } from './store.server';

// The first content goes in where a type has none; a restart reads and checks only what is
// missing (checking every type's first content was a sixth of a restart's CPU).

const type = (id: string) =>
  defineContentType({
    id,
    label: 'content:types.event',
    pages: [],
    schema: z.strictObject({ title: z.string() }),
  });

describe.each(TEST_DATABASE_KINDS)('seedContent (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const stored = (id: string) =>
    db().selectFrom('content_documents').select(['published']).where('type', '=', id).executeTakeFirst();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('puts a missing type in place, with its first version, and reads no present type', async () => {
    const reads: string[] = [];
    const seed = (id: string, initial: unknown) => ({
      type: type(id),
      initial: () => {
        reads.push(id);
        return initial;
      },
    });
    expect(await seedContent(db(), [seed('test.seed-a', { title: 'Pirmas' })])).toEqual(['test.seed-a']);
    expect((await stored('test.seed-a'))!.published).toEqual({ title: 'Pirmas' });
    const versions = await db()
      .selectFrom('content_versions')
      .select('version')
      .where('type', '=', 'test.seed-a')
      .execute();
    expect(versions).toEqual([{ version: 1 }]);

    reads.length = 0;
    const again = await seedContent(db(), [
      seed('test.seed-a', { title: 'Kitas' }),
      seed('test.seed-b', { title: 'B' }),
    ]);
    expect(again).toEqual(['test.seed-b']);
    expect(reads).toEqual(['test.seed-b']);
    expect((await stored('test.seed-a'))!.published).toEqual({ title: 'Pirmas' });
  });

  it('refuses a missing type whose first content is not valid, naming it, and writes nothing', async () => {
    await expect(
      seedContent(db(), [{ type: type('test.seed-bad'), initial: () => ({ title: 7 }) }]),
    ).rejects.toThrow(/initial content of test\.seed-bad is not valid/);
    expect(await stored('test.seed-bad')).toBeUndefined();
  });
});
