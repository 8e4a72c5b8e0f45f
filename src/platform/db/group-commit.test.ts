import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.server';
import { GroupCommit } from './group-commit.server';

describe('group commit', () => {
  let database: DatabaseHandle;
  const statements: string[][] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await sql`create table gc_test (name text primary key)`.execute(database.db);
  });
  afterAll(() => database?.close());

  const writer = (maxBatch?: number) =>
    new GroupCommit<string>(async (names) => {
      statements.push(names);
      // One multi-row statement: a duplicate name rolls the whole batch back.
      await database.db
        .insertInto('gc_test' as never)
        .values(names.map((name) => ({ name })) as never)
        .execute();
    }, maxBatch);
  const stored = async () =>
    (await sql<{ name: string }>`select name from gc_test order by name`.execute(database.db)).rows.map(
      (row) => row.name,
    );

  it('writes a lone item at once, and items that arrive meanwhile together in the next batch', async () => {
    statements.length = 0;
    const commit = writer();
    await Promise.all(['a1', 'a2', 'a3', 'a4'].map((name) => commit.submit(name)));
    expect(statements).toEqual([['a1'], ['a2', 'a3', 'a4']]);
    expect(await stored()).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('keeps batches at most maxBatch long', async () => {
    statements.length = 0;
    const commit = writer(2);
    await Promise.all(['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((name) => commit.submit(name)));
    expect(statements.map((batch) => batch.length)).toEqual([1, 2, 2, 1]);
  });

  it('fails only the bad item of a batch; the others are stored', async () => {
    statements.length = 0;
    const commit = writer();
    const results = await Promise.allSettled(['c1', 'c2', 'a1', 'c3'].map((name) => commit.submit(name)));
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    expect(await stored()).toEqual(expect.arrayContaining(['c1', 'c2', 'c3']));
    // After the batch failed as a whole, each of its items went alone.
    expect(statements).toEqual([['c1'], ['c2', 'a1', 'c3'], ['c2'], ['a1'], ['c3']]);
    // And the writer keeps working afterwards.
    await commit.submit('c4');
    expect(await stored()).toContain('c4');
  });
});
