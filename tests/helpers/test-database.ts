import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase } from '~/app/migrations/index.server';
import { type DatabaseHandle, openDatabase } from '~/platform/db/client.server';
import { syncProducts } from '~/features/shop/seed.server';
import { INITIAL_PRODUCTS } from '~/features/shop/products';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds API suites run against: PGlite always, PostgreSQL when configured. */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of the throwaway database (postgres kind only). */
  url?: string;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated and seeded database: an in-memory PGlite, or a newly created database
 * on the TEST_DATABASE_URL server (dropped afterwards), so suites never see each other's rows.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(handle.db);
    await syncProducts(handle.db, INITIAL_PRODUCTS);
    return { handle, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bbq_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateDatabase(handle.db);
  await syncProducts(handle.db, INITIAL_PRODUCTS);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
