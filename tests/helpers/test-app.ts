import type { FastifyInstance } from 'fastify';
import { APP_VERSION, buildApp } from '~/app/app.server';
import { type Config, loadConfig } from '~/platform/config/config.server';
import { createMailer } from '~/platform/mail/mailer.server';
import { MailWorker } from '~/platform/mail/worker.server';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<random port> */
  url: string;
  db: TestDatabase['handle']['db'];
  config: Config;
  mailWorker: MailWorker;
  close: () => Promise<void>;
}

/**
 * The real Fastify app on a random port against a fresh database. `env` overrides the
 * configuration (e.g. SMTP_URL pointing at a test SMTP server).
 */
export async function startTestApp(
  kind: TestDatabaseKind = 'pglite',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    BUILD_DIR: './build/client',
    ...env,
  });
  const mailer = createMailer(config.SMTP_URL);
  const mailWorker = new MailWorker({
    db: database.handle.db,
    mailer,
    from: config.MAIL_FROM,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollMs: 200,
    backoffMs: () => 200,
  });
  const app = await buildApp({
    config,
    database: database.handle,
    mailer,
    mailWorker,
    version: APP_VERSION,
  });
  await mailWorker.start();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    db: database.handle.db,
    config,
    mailWorker,
    close: async () => {
      await app.close();
      await mailWorker.stop();
      mailer.close();
      await database.drop();
    },
  };
}
