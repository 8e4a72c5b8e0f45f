import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from '~/platform/config/config.server';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { registerApiRoutes } from './api-routes.server';
import { healthRoutes } from '~/platform/http/health.server';
import { contentSecurityPolicy } from '~/platform/http/security.server';
import { loadStaticSite } from '~/platform/http/static-files.server';
import {
  createStaticFastPath,
  registerStaticSite,
  type StaticFastPath,
  serverWithFastPath,
} from '~/platform/http/static-site.server';
import type { Mailer } from '~/platform/mail/mailer.server';
import type { MailWorker } from '~/platform/mail/worker.server';
import { testCheckoutPages } from '~/features/shop/test-checkout.server';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Wake it after storing a record with mail, so the mail goes out at once. */
  mailWorker: MailWorker;
  version: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Answers GET/HEAD of the built files before Fastify (server/http/static-site.ts). */
    staticFastPath: StaticFastPath | undefined;
  }
}

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Builds the whole HTTP application (tests build it too, on a random port). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  // Read once: the build does not change while the process runs.
  const site = loadStaticSite(config.BUILD_DIR);
  const fastPath = site && createStaticFastPath(site);
  const app = Fastify({
    serverFactory: serverWithFastPath(fastPath),
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'],
          },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    // On shutdown, requests already on an accepted connection are served, not refused.
    return503OnClosing: false,
  });
  app.decorate('ctx', ctx);
  app.decorate('staticFastPath', fastPath);

  const https = config.PUBLIC_URL.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false, // set below, per page (inline script hashes)
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const defaultCsp = contentSecurityPolicy();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', defaultCsp);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal_error' });
    }
    // Malformed JSON, wrong content type, oversize body, rate limit: the client's fault.
    return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(testCheckoutPages); // /pay/test/<session>: the built-in provider's checkout page
  const sendNotFoundPage = site && registerStaticSite(app, site);
  if (!site) app.log.warn(`No built site in ${config.BUILD_DIR}: run "npm run build". Serving the API only.`);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && sendNotFoundPage) {
      request.log.info({ path: request.url }, 'page not found');
      return sendNotFoundPage(reply);
    }
    return reply.code(404).send({ error: 'not_found' });
  });

  await app.ready();
  if (site && fastPath) {
    await fastPath.enable(app);
    app.log.info(
      { files: site.files.size, memoryBytes: site.memoryBytes, fastPath: fastPath.enabled },
      'static site loaded',
    );
  }
  return app;
}
