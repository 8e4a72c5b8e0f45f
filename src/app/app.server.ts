import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAdminArea } from '~/platform/admin/area.server';
import type { ServerFeature } from '~/platform/feature.server';
import type { AppContext } from '~/platform/http/app-context.server';
import type { ApiErrorBody } from '~/platform/http/api';
import { apiErrorHandler } from '~/platform/http/errors.server';
import { healthRoutes } from '~/platform/http/health.server';
import { contentSecurityPolicy } from '~/platform/http/security.server';
import { loadStaticSite } from '~/platform/http/static-files.server';
import {
  createStaticFastPath,
  registerStaticSite,
  serverWithFastPath,
} from '~/platform/http/static-site.server';
import { SERVER_FEATURES } from './features.server';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Every feature's routes, then the admin area with every feature's admin section. */
export async function registerFeatures(app: FastifyInstance, features: readonly ServerFeature[]) {
  for (const feature of features) if (feature.routes) await app.register(feature.routes);
  await registerAdminArea(
    app,
    features.flatMap((feature) => (feature.admin ? [feature.admin] : [])),
  );
}

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

  // One error body for every 4xx/5xx the API sends (platform/http/api.ts, ApiErrorBody).
  app.setErrorHandler(apiErrorHandler);

  await app.register(healthRoutes);
  await registerFeatures(app, SERVER_FEATURES);
  const sendNotFoundPage = site && registerStaticSite(app, site);
  if (!site) app.log.warn(`No built site in ${config.BUILD_DIR}: run "npm run build". Serving the API only.`);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && sendNotFoundPage) {
      request.log.info({ path: request.url }, 'page not found');
      return sendNotFoundPage(reply);
    }
    return reply.code(404).send({ error: 'not_found' } satisfies ApiErrorBody);
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
