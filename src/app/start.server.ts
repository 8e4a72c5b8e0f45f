import type { FastifyInstance } from 'fastify';
import { createServer as createNetServer } from 'node:net';
import pino from 'pino';
import { APP_VERSION, buildApp } from './app.server';
import { prepareDatabase } from './prepare.server';
import { databaseHome, holdMailIfMoved, waitingMail } from '~/platform/mail/hold.server';
import type { Config } from '~/platform/config/config.server';
import { takeBackup } from '~/features/admin/backup.server';
import { type BackupSocket, listenBackupSocket } from '~/platform/db/backup-socket.server';
import { openDatabase } from '~/platform/db/client.server';
import { erasureScrubber } from '~/platform/db/scrub.server';
import { createMailer } from '~/platform/mail/mailer.server';
import { MailWorker } from '~/platform/mail/worker.server';
import { drainServer } from '~/platform/http/server-limits.server';
import { paymentsStartLine } from '~/features/shop/payments/provider.server';
import { contentOf } from '~/platform/content/content-type';
import { RetentionTimer, retentionJob } from '~/features/privacy-admin/retention.server';
import { retentionContent } from '~/platform/site-content/retention';
import { SERVER_FEATURES } from './features.server';

/** At shutdown, how long the mail worker may keep sending what is due (see MailWorker.stop). */
const SHUTDOWN_MAIL_DRAIN_MS = 10_000;

/** Fails with the listen error (EADDRINUSE, EACCES…) if the port cannot be bound now. */
function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

/** Opens the database, migrates, seeds, starts the mail worker and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const log = pino({ level: config.LOG_LEVEL });
  // A port in use is found before the (slow) database start, not after it.
  await assertPortFree(config.PORT, config.HOST);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (error) => log.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects'),
  });
  const content = await prepareDatabase(database, config.DATABASE_URL, log);
  const home = await databaseHome(
    database.db,
    database.kind,
    database.dumpDataDir ? config.DATA_DIR : undefined,
  );
  const held = await holdMailIfMoved(database.db, home);
  if (held)
    log.warn(
      { reason: held.reason, since: held.since, waiting: await waitingMail(database.db) },
      held.reason === 'restored'
        ? 'e-mail held: this database was restored from a backup; nothing is sent until an owner releases or discards the waiting mail in the admin area'
        : 'e-mail held: this database was last opened elsewhere (a copy?); nothing is sent until an owner releases or discards the waiting mail in the admin area',
    );

  const mailer = createMailer(config.SMTP_URL);
  const mailWorker = new MailWorker({ db: database.db, mailer, from: config.MAIL_FROM, log });
  const app = await buildApp({ config, database, mailer, mailWorker, content, version: APP_VERSION });
  await mailWorker.start();
  // Personal data past the organisers' retention periods: purged daily (retention.server.ts).
  const personalData = SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []);
  const retention = new RetentionTimer(
    () => retentionJob(database, personalData, contentOf(content.content, retentionContent)),
    log,
  );
  retention.start();

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  // Embedded database: `npm run db:backup` asks this process, over DATA_DIR/backup.sock.
  let backupSocket: BackupSocket | undefined;
  if (database.dumpDataDir)
    backupSocket = await listenBackupSocket(
      config.DATA_DIR,
      () => takeBackup(database, undefined, { id: null, label: 'cli' }),
      (error) => log.error({ err: error }, 'backup for the command failed'),
    );
  log.info(`Site running on ${url} (database: ${database.kind})`);
  if (config.PAYMENTS === 'test') log.warn(paymentsStartLine(config));
  else log.info(paymentsStartLine(config));

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // New connections are refused at once; a request on an open one is answered (with
      // Connection: close), idle ones close on the keep-alive timeout (server-limits.server.ts).
      await drainServer(app.server, app.serverLimits.requestTimeoutMs);
      await app.close();
      await retention.stop();
      await backupSocket?.close();
      await mailWorker.stop(SHUTDOWN_MAIL_DRAIN_MS); // sends what they queued, time-limited
      mailer.close();
      await content.close();
      // Erasures since the last scrub leave the files before the process ends (a start would
      // otherwise do it): one scrub, as the timer would have run it.
      const scrubber = erasureScrubber(database);
      await scrubber.stop();
      await scrubber.now().catch(() => undefined);
      await database.close();
    })());
  return { app, url, close };
}
