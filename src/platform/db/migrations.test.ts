import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { INITIAL_PRODUCTS } from '~/features/shop/products';
import { createTestDatabase, TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { migrate } from './client.server';
import { migrations } from '~/platform/db/migrations/index.server';
import { syncProducts } from '~/features/shop/seed.server';

const TABLES = [
  'admin_users',
  'audit_log',
  'bbq_order_items',
  'bbq_orders',
  'community_memberships',
  'contacts',
  'mail_outbox',
  'payment_events',
  'products',
  'registrations',
  'sessions',
  'sponsor_applications',
];

describe.each(TEST_DATABASE_KINDS)('migrations on %s', (kind) => {
  it('create every table, and running them again changes nothing', async () => {
    const database = await createTestDatabase(kind); // migrated + seeded once already
    try {
      const { db } = database.handle;
      expect(await migrate(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);

      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = 'public'`.execute(db);
      const tables = rows.map((r) => r.table_name);
      for (const table of TABLES) expect(tables).toContain(table);

      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`name`.as('name'))
        .execute();
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));
    } finally {
      await database.drop();
    }
  });

  it('the products table follows the published products idempotently, GBP prices in pence', async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database.handle;
      await syncProducts(db, INITIAL_PRODUCTS);
      await syncProducts(db, INITIAL_PRODUCTS);
      const products = await db.selectFrom('products').selectAll().orderBy('sort_order').execute();
      expect(products).toHaveLength(INITIAL_PRODUCTS.length);
      const charcoal = products.find((p) => p.id === 'charcoal-10kg');
      expect(charcoal).toMatchObject({ price_pence: 1999, currency: 'GBP', name_lt: 'Medžio anglys 10 kg' });
      expect(products.find((p) => p.id === 'kamado-grill')?.price_pence).toBe(85000);
    } finally {
      await database.drop();
    }
  });
});

describe('embedded database on disk', () => {
  it('keeps its data across reopen and migrates twice without error', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { openDatabase } = await import('./client.server');
    const dir = mkdtempSync(path.join(tmpdir(), 'bbq-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(await migrate(first.db)).toEqual(Object.keys(migrations));
      await first.db
        .insertInto('community_memberships')
        .values({ community_name: 'Kardifo lietuviai', membership_type: 'community' })
        .execute();
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await migrate(second.db)).toEqual([]);
      const rows = await second.db.selectFrom('community_memberships').select('community_name').execute();
      expect(rows).toEqual([{ community_name: 'Kardifo lietuviai' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
