import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateDatabase } from '~/app/migrations/index.server';
import { type DatabaseHandle, openDatabase } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { syncProducts } from '~/features/shop/seed.server';
import { INITIAL_PRODUCTS } from '~/features/shop/products';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * Both database kinds (PGlite always, PostgreSQL when configured), for the suites where the SQL
 * differs between them or the database is the subject: locks and concurrency, leases, rate
 * limits shared between instances, migrations, backups, erasure, retention (decision 0054).
 */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The one database every other API suite runs on (decision 0054): the embedded one, as the
 * site runs by default, and the faster of the two for a suite here (docs/PERFORMANCE.md,
 * "Timing checks": a test on PGlite against the same test on PostgreSQL in one run).
 */
export const DEFAULT_TEST_DATABASE: [TestDatabaseKind] = ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of the throwaway database (postgres kind only). */
  url?: string;
  drop: () => Promise<void>;
}

// Every test database starts as a copy of one migrated and seeded database, made once per run
// by the global setups (tests/helpers/global-setup.ts, e2e/global-setup.ts): a fresh PGlite
// spends about 3 s in initdb and the migrations, a copy of the template's files about 0.5 s;
// on PostgreSQL `create database … template` takes about 0.2 s instead of 1.2 s.
/** File of the PGlite template's data directory (a `dumpDataDir` tarball). */
const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** Name of the template database on the TEST_DATABASE_URL server. */
const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

/** What every test database holds at its start: all migrations, then the products. */
async function migrateAndSeed(db: Kysely<Database>) {
  await migrateDatabase(db);
  await syncProducts(db, INITIAL_PRODUCTS);
}

async function buildPGliteTemplate(): Promise<Blob> {
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateAndSeed(db);
  const tarball = await pglite.dumpDataDir('none');
  await db.destroy();
  return tarball;
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The global setup's template, or (a process started without it) one built here once. */
function pgliteTemplateFiles(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  pgliteTemplate ??= file ? Promise.resolve(new Blob([readFileSync(file)])) : buildPGliteTemplate();
  return pgliteTemplate;
}

async function adminQuery(query: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated and seeded database: an in-memory PGlite, or a newly created database
 * on the TEST_DATABASE_URL server (dropped afterwards), so suites never see each other's rows.
 * `{ migrate: false }` for an empty one (a migration's test brings it to the release before
 * and fills it as that release did).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({
      dataDir: 'memory://',
      ...(migrate && { loadDataDir: await pgliteTemplateFiles() }),
    });
    return { handle, drop: () => handle.close() };
  }
  const name = `bbq_test_${randomBytes(6).toString('hex')}`;
  const template = migrate ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  if (migrate && !template) await migrateAndSeed(handle.db);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * For the global setups: makes the templates once for the whole run (the test processes
 * inherit the variables) and returns the teardown that removes them.
 */
export async function provideDatabaseTemplates(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await buildPGliteTemplate()).arrayBuffer()));
  // The global setups run this once, before the workers start: they inherit it.
  // eslint-disable-next-line no-restricted-syntax
  process.env[PGLITE_TEMPLATE_ENV] = file;
  let postgres: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgres = `bbq_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${postgres}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(postgres), poolSize: 1 });
    await migrateAndSeed(handle.db);
    // A template must have no connections while databases are copied from it.
    await handle.close();
    // eslint-disable-next-line no-restricted-syntax -- as above: before the workers start
    process.env[POSTGRES_TEMPLATE_ENV] = postgres;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres) await adminQuery(`drop database if exists ${postgres} with (force)`);
  };
}
