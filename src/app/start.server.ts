import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { APP_VERSION, buildApp } from './app.server';
import { prepareDatabase } from './prepare.server';
import type { Config } from '~/platform/config/config.server';
import { openDatabase } from '~/platform/db/client.server';
import { createMailer } from '~/platform/mail/mailer.server';
import { MailWorker } from '~/platform/mail/worker.server';
import { paymentsStartLine } from '~/platform/payments/provider.server';

/** At shutdown, how long the mail worker may keep sending what is due (see MailWorker.stop). */
export const SHUTDOWN_MAIL_DRAIN_MS = 10_000;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

/** Opens the database, migrates, seeds, starts the mail worker and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const content = await prepareDatabase(database, config.DATABASE_URL, log);

  const mailer = createMailer(config.SMTP_URL);
  const mailWorker = new MailWorker({ db: database.db, mailer, from: config.MAIL_FROM, log });
  const app = await buildApp({ config, database, mailer, mailWorker, content, version: APP_VERSION });
  await mailWorker.start();

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  log.info(`Site running on ${url} (database: ${database.kind})`);
  if (config.PAYMENTS === 'test') log.warn(paymentsStartLine(config));
  else log.info(paymentsStartLine(config));

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close(); // stops accepting, waits for in-flight requests
      await mailWorker.stop(SHUTDOWN_MAIL_DRAIN_MS); // sends what they queued, time-limited
      mailer.close();
      await content.close();
      await database.close();
    })());
  return { app, url, close };
}
