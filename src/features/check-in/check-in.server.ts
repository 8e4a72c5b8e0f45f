import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { resolveEdition } from '~/platform/admin/edition.server';
import { loadAppSecret } from '~/platform/auth/app-secret.server';
import { isSameOrigin, sessionIdFrom } from '~/platform/auth/guard.server';
import { readSession } from '~/platform/auth/sessions.server';
import { checkInSignatureValid } from '~/platform/event/check-in-code.server';
import type { ServerFeature } from '~/platform/feature.server';
import { HttpError, parseInput } from '~/platform/http/errors.server';
import {
  arrivalSchema,
  type ArrivalsPrint,
  CHECK_IN_ENDPOINTS,
  type CheckInList,
  newLinkSchema,
} from './api';
import {
  arrivalsForPrint,
  type CheckInActor,
  checkInList,
  checkInPage,
  createCheckInLink,
  listCheckInLinks,
  openCheckInLink,
  recordArrival,
  revokeCheckInLink,
  undoArrival,
} from './store.server';

/** The volunteer's cookie: the link's token, for the check-in API only. */
const linkCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? '__Host-bbq_check_in' : 'bbq_check_in';

/**
 * Per address, counted before the session or link is looked up (issue 42, item 6), so a
 * wrong cookie costs no database lookup once its address is over. A busy gate ticks fast and
 * a phone back online sends its queue at once; still bounded.
 */
export const CHECK_IN_LIMITS = {
  tick: { max: 240, timeWindow: 10 * 60_000 },
  read: { max: 120, timeWindow: 10 * 60_000 },
} as const;
const TICK_LIMIT = CHECK_IN_LIMITS.tick;
const READ_LIMIT = CHECK_IN_LIMITS.read;
/** Opening links: a few per address (a token cannot be guessed, but no one needs to try). */
const OPEN_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

const openQuery = z.object({ link: z.string().max(200).default('') });
const undoParams = z.object({ registrationId: z.uuid() });

/**
 * Who may use the check-in screen: an active admin (their session), else a volunteer whose
 * check-in link is still valid (its cookie; an expired or revoked one is refused at once).
 */
async function checkInActor(
  scope: FastifyInstance,
  request: FastifyRequest,
): Promise<CheckInActor | undefined> {
  const { config, database } = scope.ctx;
  const admin = await readSession(database.db, sessionIdFrom(request, config.PUBLIC_URL));
  if (admin?.isActive) return { kind: 'admin', adminId: admin.id, label: admin.email };
  const link = await openCheckInLink(database.db, request.cookies[linkCookieName(config.PUBLIC_URL)]);
  return link && { kind: 'link', linkId: link.id, label: link.label, expiresAt: link.expiresAt };
}

async function checkInRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    const { config } = scope.ctx;
    const db = scope.ctx.database.db;
    scope.decorateRequest('checkIn', undefined);
    // After the route's rate limit (its onRequest hook): a guessed cookie from an address
    // over its limit is answered 429 without being looked up (issue 42, item 6).
    scope.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config.checkInPublic) return;
      const actor = await checkInActor(scope, request);
      if (!actor) return reply.code(401).send({ error: 'unauthorized', message: 'checkIn:errors.signedOut' });
      if (!isSameOrigin(request, config.PUBLIC_URL)) return reply.code(403).send({ error: 'bad_origin' });
      request.checkIn = actor;
    });
    const edition = () => resolveEdition(scope.ctx, undefined);

    scope.get(CHECK_IN_ENDPOINTS.list.path, { config: { rateLimit: READ_LIMIT } }, async (request) => {
      const actor = request.checkIn!;
      const current = await edition();
      return {
        edition: current,
        ...(await checkInList(db, current)),
        you: {
          kind: actor.kind,
          label: actor.label,
          expiresAt: actor.kind === 'link' ? actor.expiresAt.toISOString() : null,
        },
        at: new Date().toISOString(),
      } satisfies CheckInList;
    });

    scope.post(
      CHECK_IN_ENDPOINTS.arrive.path,
      { config: { rateLimit: TICK_LIMIT } },
      async (request, reply) => {
        const input = parseInput(arrivalSchema, request.body);
        if (input.code !== undefined) {
          const secret = await loadAppSecret(db, config.APP_SECRET);
          if (!checkInSignatureValid(secret, input.registrationId, input.code))
            throw new HttpError(400, 'validation', {
              message: 'checkIn:errors.code',
              fields: [{ field: 'code', message: 'checkIn:errors.code' }],
            });
        }
        const answer = await recordArrival(db, request.checkIn!, await edition(), input);
        return reply.code(answer.created ? 201 : 200).send(answer);
      },
    );

    scope.delete(CHECK_IN_ENDPOINTS.undo.path, { config: { rateLimit: TICK_LIMIT } }, async (request) => {
      const result = undoParams.safeParse(request.params);
      if (!result.success) throw new HttpError(404, 'not_found');
      return undoArrival(db, request.checkIn!, await edition(), result.data.registrationId);
    });

    // The link the admin handed over: its token becomes this phone's cookie, then the screen.
    scope.get(
      CHECK_IN_ENDPOINTS.open.path,
      { config: { checkInPublic: true, rateLimit: OPEN_LIMIT } },
      async (request, reply) => {
        const { link: token } = parseInput(openQuery, request.query);
        const link = await openCheckInLink(db, token);
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (!link) return reply.redirect(checkInPage(true), 303);
        return reply
          .setCookie(linkCookieName(config.PUBLIC_URL), token, {
            httpOnly: true,
            sameSite: 'strict',
            path: '/',
            secure: config.PUBLIC_URL.startsWith('https://'),
            expires: link.expiresAt,
          })
          .redirect(checkInPage(), 303);
      },
    );

    // Ends the link on this phone (the cookie); the link itself stays until it expires or is revoked.
    scope.post(
      CHECK_IN_ENDPOINTS.leave.path,
      { config: { checkInPublic: true, rateLimit: OPEN_LIMIT } },
      async (request, reply) => {
        if (!isSameOrigin(request, config.PUBLIC_URL)) return reply.code(403).send({ error: 'bad_origin' });
        return reply.clearCookie(linkCookieName(config.PUBLIC_URL), { path: '/' }).code(204).send();
      },
    );
  });
}

/** Check-in links, made and ended by admins (behind the admin guard). */
const checkInAdmin: AdminSectionServer = {
  name: 'checkIn',
  routes: (scope) => {
    const db = scope.ctx.database.db;
    scope.get(CHECK_IN_ENDPOINTS.links.path, () => listCheckInLinks(db));
    // The arrivals to print, with phones and consented needs: admins only (never a volunteer's link).
    scope.get(CHECK_IN_ENDPOINTS.arrivalsPrint.path, async (request, reply): Promise<ArrivalsPrint> => {
      const edition = await resolveEdition(scope.ctx, undefined);
      const now = new Date();
      reply.header('cache-control', 'no-store');
      return {
        edition,
        parties: await arrivalsForPrint(db, actorOf(request), edition, now),
        printedAt: now.toISOString(),
      };
    });
    scope.post(CHECK_IN_ENDPOINTS.links.path, async (request, reply) => {
      const input = parseInput(newLinkSchema, request.body);
      return reply
        .code(201)
        .send(await createCheckInLink(db, actorOf(request), input, scope.ctx.config.PUBLIC_URL));
    });
    scope.post(CHECK_IN_ENDPOINTS.revokeLink.path, async (request, reply) => {
      await revokeCheckInLink(db, actorOf(request), idOf(request.params));
      return reply.code(204).send();
    });
  },
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is checking in (set by the check-in API's guard). */
    checkIn?: CheckInActor;
  }
  interface FastifyContextConfig {
    /** Check-in routes reachable without a session or a link (opening a link). */
    checkInPublic?: boolean;
  }
}

export const checkInFeature: ServerFeature = {
  name: 'checkIn',
  routes: checkInRoutes,
  admin: checkInAdmin,
};
