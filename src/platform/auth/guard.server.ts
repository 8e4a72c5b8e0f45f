import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSession, sessionCookieName, type SessionAdmin } from './sessions.server';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, active admin (set by the admin guard). */
    admin?: SessionAdmin;
  }
  interface FastifyContextConfig {
    /** Admin routes reachable without a session (setup, sign-in, sign-out). */
    adminPublic?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests: the browser's Origin (or, failing that, the
 * Referer) must be this site: PUBLIC_URL or the host the request was sent to.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const source = request.headers.origin ?? request.headers.referer;
  if (typeof source !== 'string' || source === 'null') return false;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  return allowed.has(origin);
}

/** The session id from the admin cookie, if any. */
export function sessionIdFrom(request: FastifyRequest, publicUrl: string): string | undefined {
  return request.cookies[sessionCookieName(publicUrl)];
}

/**
 * Guards every route of the plugin it is added to: 401 without a valid session, 403 for an
 * inactive admin or a cross-site write. Routes opt out with `config: { adminPublic: true }`
 * (they still get the Origin check), so a new route is protected unless it says otherwise.
 */
export function addAdminGuard(app: FastifyInstance) {
  const { config, database } = app.ctx;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.adminPublic) {
      const admin = await readSession(database.db, sessionIdFrom(request, config.PUBLIC_URL));
      if (!admin) {
        request.log.warn(
          { route: request.routeOptions.url, ip: request.ip },
          'admin call refused: no session',
        );
        return reply.code(401).send({ error: 'unauthorized' });
      }
      if (!admin.isActive) {
        request.log.warn(
          { route: request.routeOptions.url, admin: admin.email },
          'admin call refused: inactive admin',
        );
        return reply.code(403).send({ error: 'not_admin' });
      }
      request.admin = admin;
    }
    if (!isSameOrigin(request, config.PUBLIC_URL)) {
      request.log.warn(
        { route: request.routeOptions.url, origin: request.headers.origin ?? null },
        'admin call refused: cross-site request',
      );
      return reply.code(403).send({ error: 'bad_origin' });
    }
  });
}
