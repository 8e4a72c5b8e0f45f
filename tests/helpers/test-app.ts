import type { FastifyInstance } from 'fastify';
import { APP_VERSION, type BuildOptions, buildApp } from '~/app/app.server';
import { prepareDatabase } from '~/app/prepare.server';
import { type Config, loadConfig } from '~/platform/config/config.server';
import { openDatabase } from '~/platform/db/client.server';
import { erasureScrubber, type ScrubClock } from '~/platform/db/scrub.server';
import { erasurePace, type PaceOptions } from '~/platform/privacy/erasure-pace.server';
import { createMailer } from '~/platform/mail/mailer.server';
import { MailWorker } from '~/platform/mail/worker.server';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<random port> */
  url: string;
  database: TestDatabase;
  db: TestDatabase['handle']['db'];
  config: Config;
  mailWorker: MailWorker;
  close: () => Promise<void>;
}

/** Before the first content's weekend, with registration open (see `now` below). */
const BEFORE_THE_WEEKEND = new Date('2026-07-01T12:00:00Z');

/** PGlite in a folder, as the server opens it (prepareDatabase migrates it); closing keeps the files. */
async function onDisk(dataDir: string): Promise<TestDatabase> {
  const handle = await openDatabase({ dataDir });
  return { handle, drop: () => handle.close() };
}

/**
 * The real Fastify app on a random port against a fresh database. `env` overrides the
 * configuration (e.g. SMTP_URL pointing at a test SMTP server).
 */
export async function startTestApp(
  kind: TestDatabaseKind = 'pglite',
  env: Record<string, string> = {},
  options: {
    /** Share another app's database (PostgreSQL): two instances of the site on one database. */
    database?: TestDatabase;
    /** Render every page at start, as the server does (otherwise on first request). */
    renderPagesAtStart?: boolean;
    /** HTTP server limits other than the production ones (server-limits.server.ts). */
    limits?: BuildOptions['limits'];
    /** An embedded database in this folder on disk (kept by `close`), instead of in memory. */
    dataDir?: string;
    /**
     * The clock the event's phase is read against (registration open, weekend over). By
     * default a moment before the first content's weekend (15–16 August 2026), so suites see
     * the site as visitors do before it, whatever today's date; pass `() => new Date()` for now.
     */
    now?: () => Date;
    /** The clock of the deferred erasure scrub (a test's manualScrubClock); real timers otherwise. */
    scrubClock?: ScrubClock;
    /**
     * The pace of self-service erasures (platform/privacy/erasure-pace.server.ts). By default one
     * at a time with no gap: suites erase one after another and are not about the pace; its own
     * test and the bench pass the site's (ERASURE_PACE), with a clock of their own.
     */
    erasurePace?: Partial<PaceOptions>;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  // A second instance has its own connections to the first one's database.
  const database: TestDatabase = shared
    ? { ...shared, handle: await openDatabase({ databaseUrl: shared.url!, poolSize: 5 }) }
    : options.dataDir
      ? await onDisk(options.dataDir)
      : await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    BUILD_DIR: './build/client',
    // Tests take TEST MODE payments on purpose (an https PUBLIC_URL would otherwise refuse it).
    ...(env.STRIPE_SECRET_KEY ? {} : { PAYMENTS: 'test' }),
    ...env,
  });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  if (options.scrubClock) erasureScrubber(database.handle).configure({ clock: options.scrubClock });
  erasurePace(database.handle).configure(options.erasurePace ?? { share: 1, minGapMs: 0 });
  const content = await prepareDatabase(
    database.handle,
    database.url,
    quiet,
    options.now ?? (() => BEFORE_THE_WEEKEND),
  );
  const mailer = createMailer(config.SMTP_URL);
  const mailWorker = new MailWorker({
    db: database.handle.db,
    mailer,
    from: config.MAIL_FROM,
    log: quiet,
    pollMs: 200,
    backoffMs: () => 200,
  });
  // Pages render on their first request: most suites never ask for one.
  const app = await buildApp(
    { config, database: database.handle, mailer, mailWorker, content, version: APP_VERSION },
    { renderPagesAtStart: options.renderPagesAtStart ?? false, limits: options.limits },
  );
  await mailWorker.start();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    database,
    db: database.handle.db,
    config,
    mailWorker,
    close: async () => {
      await app.close();
      await mailWorker.stop();
      mailer.close();
      await content.close();
      await erasureScrubber(database.handle).stop();
      if (shared) await database.handle.close();
      else await database.drop();
    },
  };
}

/** Two instances of the site on one PostgreSQL database, as behind nginx (the second shares the first's). */
export async function startTwoInstances(env: Record<string, string> = {}) {
  const first = await startTestApp('postgres', env);
  const second = await startTestApp('postgres', env, { database: first.database });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}
