import { createReadStream } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormServices } from '~/platform/forms/outcome';
import type { Language } from '~/platform/i18n/languages';
import type { PrivateLinkReader } from '~/platform/render/private-link';
import type { AdminServer } from '~/platform/admin/context';
import { pageRequest } from '~/platform/paths';
import {
  chooseVariant,
  findFile,
  isNotModified,
  languageCookie,
  notFoundFileFor,
  pageInLanguage,
  type StaticFile,
  type StaticSite,
  type Variant,
} from './static-files.server';
import { createLimitedServer, SERVER_LIMITS, type ServerLimits } from './server-limits.server';

/**
 * Serves the prerendered site from memory (see static-files.ts and
 * docs/decisions/0008-static-site-from-memory.md) in two ways that answer byte for byte alike:
 * - Fastify routes (GET and HEAD of every file, the 404 pages): the reference path, with
 *   every hook of the app (helmet, the logger, …).
 * - A fast path in front of Fastify for GET/HEAD of a known file: the same precomputed
 *   answer plus the headers the app's hooks add, learnt once at start from a request
 *   through the app (`enable`). Static requests are not access-logged on either path.
 */

/**
 * The site the server answers from: the built assets, and the pages, which the renderer
 * (platform/render) may replace at any time and may render on first request.
 */
export interface LiveSite extends StaticSite {
  /** Renders `pathname`'s page now if it is a page that has not been rendered yet. */
  ensurePage(pathname: string): Promise<void>;
  /** React Router's data requests of client-side navigation (`/<path>.data`). */
  data(request: Request): Promise<Response>;
  /** One page rendered for one request (never cached). */
  renderLive(
    url: string,
    language: Language,
  ): Promise<{ status: number; html: string; headers: Record<string, string> }>;
  /** A form posted to its page, answered by the page route's action (never cached). */
  action(request: Request, services: FormServices): Promise<Response>;
  /** A private-link page rendered for the link in its address (never cached). */
  renderPrivate(request: Request, read: PrivateLinkReader): Promise<Response>;
  /** An admin page, its data or its action for one signed-in admin (never cached). */
  admin(request: Request, admin: AdminServer): Promise<Response>;
}

const bodyOf = (variant: Variant) => variant.body ?? createReadStream(variant.file);

/** Fastify's answer of a file in memory (or on disk): the reference the fast path replays. */
export function sendStaticFile(reply: FastifyReply, found: StaticFile, site?: StaticSite) {
  const { headers, method, url } = reply.request;
  const file = pageInLanguage(found, url, headers.cookie);
  const variant = chooseVariant(file, headers['accept-encoding']);
  keepLanguage(reply, found, site);
  if (isNotModified(headers, file, variant)) return reply.code(304).headers(variant.notModified).send();
  reply.headers(variant.ok);
  return method === 'HEAD' ? reply.send() : reply.send(bodyOf(variant));
}

/** A page in two languages asked for with `?lang=`: the cookie that keeps it (decision 0049). */
function keepLanguage(reply: FastifyReply, found: StaticFile, site: StaticSite | undefined) {
  if (found.english === undefined) return;
  const { url, headers } = reply.request;
  const cookie = languageCookie(url, headers.cookie, site?.https);
  if (cookie) reply.header('set-cookie', cookie);
}

function sendNotFound(reply: FastifyReply, site: StaticSite): FastifyReply | undefined {
  const { url, headers, method } = reply.request;
  const page = notFoundFileFor(site.pages, url.split('?')[0] ?? '/');
  if (!page) return undefined;
  const file = pageInLanguage(page, url, headers.cookie);
  const variant = chooseVariant(file, headers['accept-encoding']);
  keepLanguage(reply, page, site);
  reply.code(404).headers(variant.notFound);
  return method === 'HEAD' ? reply.send() : reply.send(bodyOf(variant));
}

/**
 * GET/HEAD of any path that no API route took: an asset, a page (rendered now if it has
 * not been yet), or the 404 page with status 404. Returns false for paths it leaves to the
 * app's not-found handler (the API's JSON 404).
 */
export function registerStaticSite(app: FastifyInstance, site: LiveSite) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // Like nginx's access_log off: a page view is dozens of file requests; errors and
    // 404s are still logged.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/')) return reply.callNotFound();
      if (pathname.endsWith('.data')) {
        // With the language cookie: the loaders read the content in the visitor's language,
        // the one of the page they navigate from (a page holds one language, decision 0045).
        const cookie = request.headers.cookie;
        const answer = await site.data(
          new Request(new URL(request.url, 'http://site.local'), {
            method: request.method,
            headers: cookie ? { cookie } : undefined,
          }),
        );
        reply.code(answer.status).header('cache-control', 'no-store');
        const type = answer.headers.get('content-type');
        if (type) reply.header('content-type', type);
        return reply.send(Buffer.from(await answer.arrayBuffer()));
      }
      return sendPage(site, request, reply);
    },
  });
}

/**
 * A page from the page table (rendered now if it has not been yet), a redirect, or the 404
 * page. A private-link page with its link is its own route's (private-link-page.server.ts);
 * here it is the page without it.
 */
export async function sendPage(site: LiveSite, request: FastifyRequest, reply: FastifyReply) {
  const page = pageRequest(request.url);
  if ('redirect' in page) return reply.redirect(page.redirect, 303);
  const key = 'key' in page ? page.key : page.privateLink;
  await site.ensurePage(key);
  const found = findFile(site, key);
  if (found) return sendStaticFile(reply, found, site);
  request.log.info({ path: key }, 'page not found');
  return sendNotFound(reply, site) ?? reply.callNotFound();
}

/** Headers that belong to one connection or moment, never replayed. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Wire {
  ok: string[];
  notModified: string[];
}

export interface StaticFastPath {
  /** Whether it answers (after `enable`, unless it had to stay off). */
  readonly enabled: boolean;
  /** Answers a GET/HEAD of a site file; false when the app must handle the request. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Learns the headers the app adds to a file's answer (helmet's, …) from one request
   * through the app, then starts answering. Stays off (everything goes through the app)
   * when that answer carries per-request state such as a cookie.
   */
  enable(app: FastifyInstance): Promise<void>;
  /**
   * Also answers GET/HEAD of paths under `prefix` that `lookup` holds in memory now (the
   * uploaded photos, platform/media); any other request under it goes to the app.
   */
  serveFromMemory(prefix: string, lookup: (pathname: string) => StaticFile | undefined): void;
}

function flatten(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat();
}

export function createStaticFastPath(site: StaticSite): StaticFastPath {
  // `site.pages` is read per request: the renderer swaps in new pages as a whole.
  // The wire form of each variant's headers (with the app's own added), made on first use:
  // pages come and go as content is published, so it is keyed weakly by the variant.
  let wires: WeakMap<Variant, Wire> | undefined;
  let extraHeaders: Record<string, string> = {};
  const memorySources: { prefix: string; lookup: (pathname: string) => StaticFile | undefined }[] = [];
  const wireOf = (variant: Variant): Wire => {
    let wire = wires!.get(variant);
    if (!wire) {
      wire = {
        ok: flatten({ ...extraHeaders, ...variant.ok }),
        notModified: flatten({ ...extraHeaders, ...variant.notModified }),
      };
      wires!.set(variant, wire);
    }
    return wire;
  };

  return {
    get enabled() {
      return wires !== undefined;
    },

    async enable(app) {
      const probe = site.assets.files.values().next().value;
      if (!probe) return;
      const answer = await app.inject({ method: 'GET', url: probe.url });
      const own = new Set(Object.keys(probe.identity.ok));
      const added: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (own.has(name) || PER_RESPONSE.has(name)) continue;
        if (answer.statusCode !== 200 || name === 'set-cookie' || typeof value !== 'string') {
          app.log.warn({ header: name, status: answer.statusCode }, 'static fast path off');
          return;
        }
        added[name] = value;
      }
      extraHeaders = added;
      wires = new WeakMap();
    },

    serveFromMemory(prefix, lookup) {
      memorySources.push({ prefix, lookup });
    },

    handle(request, response) {
      const method = request.method;
      if (wires === undefined || (method !== 'GET' && method !== 'HEAD')) return false;
      const url = request.url ?? '/';
      const source = memorySources.find((candidate) => url.startsWith(candidate.prefix));
      let file: StaticFile | undefined;
      let setCookie: string | undefined;
      if (source) {
        const mark = url.indexOf('?');
        file = source.lookup(mark === -1 ? url : url.slice(0, mark));
        if (file === undefined) return false;
      } else {
        const page = pageRequest(url);
        // The app answers with the redirect, or renders the private-link page for its link.
        if (!('key' in page)) return false;
        const found = findFile(site, page.key);
        if (found === undefined) return false;
        file = pageInLanguage(found, url, request.headers.cookie);
        if (found.english !== undefined) setCookie = languageCookie(url, request.headers.cookie, site.https);
      }

      const variant = chooseVariant(file, request.headers['accept-encoding']);
      const known = wireOf(variant);
      // The language an address chose, kept for the next pages (decision 0049).
      const wire = setCookie
        ? {
            ok: [...known.ok, 'set-cookie', setCookie],
            notModified: [...known.notModified, 'set-cookie', setCookie],
          }
        : known;
      if (isNotModified(request.headers, file, variant)) {
        response.writeHead(304, wire.notModified);
        response.end();
      } else if (method === 'HEAD') {
        response.writeHead(200, wire.ok);
        response.end();
      } else if (variant.body !== undefined) {
        response.writeHead(200, wire.ok);
        response.end(variant.body);
      } else {
        const stream = createReadStream(variant.file);
        stream.once('error', () => response.destroy());
        stream.once('open', () => response.writeHead(200, wire.ok));
        stream.pipe(response);
      }
      return true;
    },
  };
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Fastify's `serverFactory`: the HTTP server with every limit of server-limits.server.ts
 * (timeouts, connection caps, the shutdown drain), with the fast path asked first.
 */
export function serverWithFastPath(
  fastPath: StaticFastPath | undefined,
  limits: ServerLimits = SERVER_LIMITS,
  perAddress = true,
) {
  return (handler: RequestHandler): Server =>
    createLimitedServer(
      fastPath
        ? (request, response) => {
            if (!fastPath.handle(request, response)) handler(request, response);
          }
        : handler,
      limits,
      perAddress,
    );
}
