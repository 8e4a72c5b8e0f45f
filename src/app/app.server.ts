import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerAdminArea } from '~/platform/admin/area.server';
import type { ServerFeature } from '~/platform/feature.server';
import type { AppContext } from '~/platform/http/app-context.server';
import type { ApiErrorBody } from '~/platform/http/api';
import { apiErrorHandler } from '~/platform/http/errors.server';
import { healthRoutes } from '~/platform/http/health.server';
import { contentSecurityPolicy } from '~/platform/http/security.server';
import { redactUrl } from '~/platform/http/redact-url.server';
import { rateLimitStore } from '~/platform/http/rate-limit-store.server';
import { SERVER_LIMITS, type ServerLimits } from '~/platform/http/server-limits.server';
import { refuseControlCharacters } from '~/platform/http/control-characters.server';
import path from 'node:path';
import { CONTENT_TYPES } from './content-types';
import { contentAdmin } from '~/features/content-admin/admin.server';
import { mediaAdmin, mediaRoutes } from '~/platform/media/api.server';
import { backupAdmin } from '~/features/admin/backup.server';
import { selfServiceRoutes } from '~/features/privacy/self-service.server';
import { sitemapRoutes } from '~/platform/http/sitemap.server';
import { furtherListPages } from './paged-lists';
import { unindexedShowcasePages } from '~/features/sponsors/texts';
import { privacyAdmin } from '~/features/privacy-admin/admin.server';
import type { SiteContent } from '~/platform/content/content-type';
import { loadAssets } from '~/platform/http/static-files.server';
import { ADMIN_LOADER_PAGES, ALL_PAGES, adminContentPath } from '~/platform/paths';
import { loadRenderer } from '~/platform/render/renderer.server';
import { PageStore } from '~/platform/render/page-store.server';
import {
  createStaticFastPath,
  registerStaticSite,
  serverWithFastPath,
} from '~/platform/http/static-site.server';
import { contentFollowers, SERVER_FEATURES } from './features.server';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Every feature's routes, then the admin area: every feature's admin section and the
 * content editor (previews rendered by `site`, when there is a built site).
 */
export async function registerFeatures(
  app: FastifyInstance,
  features: readonly ServerFeature[],
  site?: PageStore,
) {
  for (const feature of features) if (feature.routes) await app.register(feature.routes);
  await app.register(
    selfServiceRoutes(
      features.flatMap((feature) => feature.selfService ?? []),
      features.flatMap((feature) => feature.personalData ?? []),
      features.flatMap((feature) => feature.sendLinks ?? []),
    ),
  );
  await registerAdminArea(app, [
    ...features.flatMap((feature) => (feature.admin ? [feature.admin] : [])),
    contentAdmin(
      CONTENT_TYPES,
      () => app.ctx.content,
      () => site && ((page, language, content) => site.preview(page, language, content)),
      contentFollowers(features),
      (documents) => site?.plan(documents),
    ),
    mediaAdmin(() => app.ctx.content.mediaAdded()),
    backupAdmin,
    privacyAdmin(features.flatMap((feature) => feature.personalData ?? [])),
  ]);
}

export interface BuildOptions {
  /** Render every page before answering (the server does); tests render each on first request. */
  renderPagesAtStart?: boolean;
  /** Server limits other than SERVER_LIMITS (tests, to see timeouts in seconds). */
  limits?: Partial<ServerLimits>;
}

/** The site: built assets (read once) and pages rendered by the server build, or none without a build. */
async function loadSite(
  buildDir: string,
  content: () => SiteContent,
  eager: boolean,
  https: boolean,
  siteUrl: string,
): Promise<PageStore | undefined> {
  const assets = loadAssets(buildDir, { https });
  const renderer = assets && (await loadRenderer(path.resolve(buildDir, '../server/index.js'), siteUrl));
  if (!assets || !renderer) return undefined;
  // Every page: the fixed ones and those with a parameter (sponsors, 404s, each content
  // editor), and those the published content makes (an order page per product on sale, the
  // further pages of the lists shown in pages).
  // A private-link page with its link is rendered per request, never kept (PRIVATE_LINK_PAGES).
  // The admin pages on loaders are rendered for each request instead (decision 0052).
  const fixed = [...ALL_PAGES, ...CONTENT_TYPES.map((type) => adminContentPath(type.id))].filter(
    (page) => !ADMIN_LOADER_PAGES.includes(page),
  );
  const pages = () => [
    ...fixed,
    ...SERVER_FEATURES.flatMap((feature) => feature.pages?.(content()) ?? []),
    ...furtherListPages(content()),
  ];
  return new PageStore(eager, assets, renderer, pages, content, https);
}

/** Builds the whole HTTP application (tests build it too, on a random port). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const eager = options.renderPagesAtStart ?? true;
  const https = config.PUBLIC_URL.startsWith('https://');
  const site = await loadSite(config.BUILD_DIR, () => ctx.content.content, eager, https, config.PUBLIC_URL);
  const fastPath = site && createStaticFastPath(site);
  const limits: ServerLimits = { ...SERVER_LIMITS, ...options.limits };
  const app = Fastify({
    // Timeouts and connection caps: all in platform/http/server-limits.server.ts.
    serverFactory: serverWithFastPath(fastPath, limits, !config.TRUST_PROXY),
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.socketIdleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password', 'body.token'],
            // Request addresses carry tokens (orders, history links, checkout sessions).
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    // On shutdown, requests already on an accepted connection are served, not refused.
    return503OnClosing: false,
  });
  app.decorate('ctx', ctx);
  app.decorate('staticFastPath', fastPath);
  app.decorate('site', site);
  app.decorate('serverLimits', limits);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false, // set below, per page (inline script hashes)
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const defaultCsp = contentSecurityPolicy([], https);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', defaultCsp);
  });
  // An answer sent before the request's body arrived (429, 413, 404…): close the connection
  // rather than let Node wait for a body the client may never send (server-limits.server.ts).
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  // What the app answers itself (JSON above all: 14.5 KB of admin orders went out plain, issue
  // 50, item 8) compressed as the pages are, for a client that asks. Pages and assets come
  // precompressed (they carry content-encoding and are left alone); brotli at quality 4, not
  // zlib's default 11, which costs more per answer than it saves on the wire.
  await app.register(fastifyCompress, {
    threshold: 1024,
    // JSON and text only: the plugin's default list takes octet-stream too, and it sent the
    // backup download (already gzip) with `Content-Encoding: gzip`, which a browser unpacks
    // and saves as a bare tar under the .tar.gz name.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/u,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  // Counted in the shared database with PostgreSQL (several instances), in memory otherwise.
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(ctx.database) });

  // Every public write (anything but a signed-in admin's) has a rate limit; the body limit is
  // the global bodyLimit unless a route sets its own. A route without one stops the start.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS')) return;
    const guarded = route.url.startsWith('/api/admin/') && !route.config?.adminPublic;
    if (!guarded && !route.config?.rateLimit)
      throw new Error(`${methods.join(',')} ${route.url} is public and has no rate limit`);
  });

  // One error body for every 4xx/5xx the API sends (platform/http/api.ts, ApiErrorBody).
  app.setErrorHandler(apiErrorHandler);
  // Control characters in any query, path or body: 400 before any route sees them.
  refuseControlCharacters(app);

  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(
    sitemapRoutes(
      CONTENT_TYPES,
      () => furtherListPages(ctx.content.content),
      () => unindexedShowcasePages(ctx.content.content),
    ),
  );
  await registerFeatures(app, SERVER_FEATURES, site);
  if (site) registerStaticSite(app, site);
  else app.log.warn(`No built site in ${config.BUILD_DIR}: run "npm run build". Serving the API only.`);

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found' } satisfies ApiErrorBody),
  );

  await app.ready();
  if (site && fastPath) {
    await fastPath.enable(app);
    app.log.info(
      { files: site.assets.files.size, memoryBytes: site.assets.memoryBytes, fastPath: fastPath.enabled },
      'static site loaded',
    );
    // Every page once the server listens, in the background, one at a time with the requests
    // served in between (a request renders its own page first): start-up does not grow with
    // the content (decision 0043; requests during the warm-up measured by `npm run bench -- growth`).
    if (eager)
      app.server.once('listening', () => {
        void site.warm().then(
          (report) => app.log.info(report, 'pages rendered'),
          (error: unknown) => app.log.error({ err: error }, 'could not render the pages'),
        );
      });
    // A publish (here or on another instance) renders the pages that read what changed.
    ctx.content.onChange(async () => {
      const report = await site.refresh();
      app.log.info(report, 'pages rendered after a publish');
      // Said to the organiser who published (issue 43).
      return {
        pages: {
          rendered: report.rendered,
          spliced: report.spliced,
          changed: report.changed,
          failed: report.failed.length,
        },
      };
    });
  }
  return app;
}
