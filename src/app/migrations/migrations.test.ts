import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { INITIAL_PRODUCTS } from '~/features/shop/products';
import { createTestDatabase, TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { openDatabase } from '~/platform/db/client.server';
import { migrateDatabase as migrate, migrations } from './index.server';
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

describe('0015_editions on a database of the release before it', () => {
  it('records every published edition with its latest dates, and the edition each record was sent for', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = handle;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0014_privacy')).error).toBeUndefined();
      const event = (edition: number, end: string) =>
        JSON.stringify({ edition, start: '2026-08-15T08:00', end });
      await sql`insert into content_documents (type, draft, published, published_version)
                values ('event', ${event(5, '2026-08-23T12:00')}::jsonb, ${event(5, '2026-08-23T12:00')}::jsonb, 2)`.execute(
        db,
      );
      await sql`insert into content_versions (type, version, data, published_at) values
                ('event', 1, ${event(5, '2026-08-16T12:00')}::jsonb, '2026-01-01T00:00Z'),
                ('event', 2, ${event(5, '2026-08-23T12:00')}::jsonb, '2026-03-01T00:00Z')`.execute(db);
      const registration = (name: string, createdAt: string, endsAt: string | null) =>
        sql`insert into registrations (first_name, last_name, email, phone, participation_types, camping,
              agreed_to_rules, event_ends_at, created_at)
            values (${name}, 'T', 'r@example.com', '+44', '[]'::jsonb, 'tent', true, ${endsAt}, ${createdAt})`.execute(
          db,
        );
      await registration('before-move', '2026-02-01T00:00Z', '2026-08-16T11:00Z');
      await registration('after-event', '2026-09-01T00:00Z', null);

      expect(await migrate(db)).toContain('0015_editions');

      const editions = await db.selectFrom('editions').select(['edition', 'ends_at']).execute();
      // The latest dates of edition 5 (postponed by a week), UK summer time.
      expect(editions).toEqual([{ edition: 5, ends_at: new Date('2026-08-23T11:00:00Z') }]);
      const rows = await db
        .selectFrom('registrations')
        .select(['first_name', 'edition'])
        .orderBy('first_name')
        .execute();
      expect(rows).toEqual([
        { first_name: 'after-event', edition: null },
        { first_name: 'before-move', edition: 5 },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(TEST_DATABASE_KINDS)(
  '0027_message_audiences_at_the_gate on %s, from the release before it',
  (kind) => {
    it('keeps every stored message, takes "arrived" and "notArrived", and still refuses an unknown audience', async () => {
      const database = await createTestDatabase(kind, { migrate: false });
      try {
        const { db } = database.handle;
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await migrator.migrateTo('0026_outbox_related_index')).error).toBeUndefined();
        const message = (audience: string) =>
          sql`insert into participant_messages (edition, audience, subject_lt, subject_en, body_lt, body_en)
            values (6, ${audience}, 'T', 'S', 'T', 'B')`.execute(db);
        await message('camping');
        await expect(message('arrived')).rejects.toThrow(/participant_messages_audience_check/);

        const { error, results } = await migrator.migrateTo('0027_message_audiences_at_the_gate');
        expect(error).toBeUndefined();
        expect(results?.map((result) => result.migrationName)).toEqual([
          '0027_message_audiences_at_the_gate',
        ]);

        await message('arrived');
        await message('notArrived');
        await expect(message('everyone')).rejects.toThrow(/participant_messages_audience_check/);
        const stored = await db
          .selectFrom('participant_messages')
          .select('audience')
          .orderBy('audience')
          .execute();
        expect(stored.map((row) => row.audience)).toEqual(['arrived', 'camping', 'notArrived']);
      } finally {
        await database.drop();
      }
    });
  },
);

describe.each(TEST_DATABASE_KINDS)('0028_food_counts on %s, from the release before it', (kind) => {
  it('keeps each registration with its free-text needs, counts no diet for it, and refuses a negative count', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    try {
      const { db } = database.handle;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0027_message_audiences_at_the_gate')).error).toBeUndefined();
      await sql`insert into registrations (first_name, last_name, email, phone, participation_types, camping,
          adults, children, dietary_needs, agreed_to_rules, edition)
        values ('Rūta', 'Žemaitytė', 'ruta@example.com', '+44 7700 900456', '["participate"]', 'tent',
          2, 1, 'Vegetarian, nut allergy', true, 6)`.execute(db);

      const { error, results } = await migrator.migrateTo('0028_food_counts');
      expect(error).toBeUndefined();
      expect(results?.map((result) => result.migrationName)).toEqual(['0028_food_counts']);

      expect(
        await db
          .selectFrom('registrations')
          .select([
            'dietary_needs',
            'diet_vegetarian',
            'diet_vegan',
            'diet_halal',
            'diet_no_pork',
            'diet_gluten_free',
            'diet_allergy',
          ])
          .execute(),
      ).toEqual([
        {
          dietary_needs: 'Vegetarian, nut allergy',
          diet_vegetarian: 0,
          diet_vegan: 0,
          diet_halal: 0,
          diet_no_pork: 0,
          diet_gluten_free: 0,
          diet_allergy: 0,
        },
      ]);
      await expect(db.updateTable('registrations').set({ diet_vegan: -1 }).execute()).rejects.toThrow(
        /diet_vegan/,
      );
      expect(await db.selectFrom('food_settings').selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('0029_rota on %s, from the release before it', (kind) => {
  it('keeps the registrations, and a helper placed afterwards goes with their registration', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    try {
      const { db } = database.handle;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0028_food_counts')).error).toBeUndefined();
      await sql`insert into registrations (first_name, last_name, email, phone, participation_types, camping,
          adults, children, agreed_to_rules, edition, diet_vegan)
        values ('Rūta', 'Žemaitytė', 'ruta@example.com', '+44 7700 900456', '["help_organise"]', 'tent',
          2, 1, true, 6, 1)`.execute(db);

      const { error, results } = await migrator.migrateTo('0029_rota');
      expect(error).toBeUndefined();
      expect(results?.map((result) => result.migrationName)).toEqual(['0029_rota']);

      const person = await db
        .selectFrom('registrations')
        .select(['id', 'diet_vegan'])
        .executeTakeFirstOrThrow();
      expect(person.diet_vegan).toBe(1);
      const { id: task } = await db
        .insertInto('rota_tasks')
        .values({ edition: 6, title_lt: 'Vartai', title_en: 'Gate' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const slot = (starts: string, ends: string) =>
        db
          .insertInto('rota_slots')
          .values({ task_id: task, starts_at: starts, ends_at: ends, helpers: 2 })
          .returning('id')
          .executeTakeFirstOrThrow();
      // A slot ends after it starts.
      await expect(slot('2027-08-14T10:00:00Z', '2027-08-14T09:00:00Z')).rejects.toThrow(/check/);
      const { id: slotId } = await slot('2027-08-14T08:00:00Z', '2027-08-14T10:00:00Z');
      await db
        .insertInto('rota_helpers')
        .values({ slot_id: slotId, registration_id: person.id, added_by: 'organiser' })
        .execute();
      await db.deleteFrom('registrations').where('id', '=', person.id).execute();
      expect(await db.selectFrom('rota_helpers').selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
