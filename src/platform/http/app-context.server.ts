import type { Config } from '~/platform/config/config.server';
import type { ContentService } from '~/platform/content/service.server';
import type { DatabaseHandle } from '~/platform/db/client.server';
import type { Mailer } from '~/platform/mail/mailer.server';
import type { MailWorker } from '~/platform/mail/worker.server';
import type { LiveSite, StaticFastPath } from './static-site.server';
import type { ServerLimits } from './server-limits.server';

/** What every route can reach through `app.ctx`: set once by src/app when the app is built. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Wake it after storing a record with mail, so the mail goes out at once. */
  mailWorker: MailWorker;
  /** The published content the pages are rendered from. */
  content: ContentService;
  version: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Answers GET/HEAD of the built files before Fastify (static-site.server.ts). */
    staticFastPath: StaticFastPath | undefined;
    /** The rendered site, when there is a build (forms posted without scripts render pages). */
    site: LiveSite | undefined;
    /** The HTTP server's timeouts and caps (server-limits.server.ts). */
    serverLimits: ServerLimits;
  }
}
