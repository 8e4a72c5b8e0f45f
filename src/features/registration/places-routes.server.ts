import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { contentOf } from '~/platform/content/content-type';
import { readPublished } from '~/platform/content/store.server';
import type { ContentFollower } from '~/platform/content/follower.server';
import type { Database } from '~/platform/db/schema';
import { registerPagePost } from '~/platform/forms/page-post.server';
import { parseInput } from '~/platform/http/errors.server';
import { PATHS } from '~/platform/paths';
import { eventContent, type EventFacts } from '~/platform/site-content/event';
import { PLACES_ENDPOINTS } from './api';
import { registerPrivateLinkPage } from '~/platform/render/private-link-page.server';
import {
  acceptOffer,
  endEarlierOffers,
  expireOffers,
  OFFER_CHECK_MS,
  offerView,
  onPlaceFreed,
  placesLeft,
  placesReady,
  usePlacesContext,
} from './places.server';
import { offerAcceptSchema } from './schema';

/** A few tries per visitor; a token is 43 characters. */
const ACCEPT_LIMIT = { max: 20, timeWindow: 10 * 60_000, groupId: 'place-offer' } as const;
const ACCEPT_BODY_LIMIT = 4 * 1024;

/**
 * The places' routes (issue 32): what is left (the registration page asks), accepting an
 * offered place (JSON, and the page's form with or without scripts), and the timer that
 * passes lapsed offers on.
 */
export async function placesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  usePlacesContext({
    config: ctx.config,
    content: () => ctx.content.content,
    wake: () => ctx.mailWorker.wake(),
    eventNow: () => ctx.content.now(),
  });
  const { db } = ctx.database;

  app.get(PLACES_ENDPOINTS.left.path, async (_request, reply) => {
    // The limits as committed (one row), as the next registration will be decided on.
    const left = await placesLeft(db, await readPublished(db, eventContent));
    // Changes with every registration: never kept by a cache.
    return reply.header('cache-control', 'no-store').send(left);
  });

  const facts = () => contentOf(ctx.content.content, eventContent);
  app.post(PLACES_ENDPOINTS.accept.path, { config: { rateLimit: ACCEPT_LIMIT } }, async (request) => {
    const { token } = parseInput(offerAcceptSchema, request.body);
    await acceptOffer(db, token, facts(), { eventNow: ctx.content.now() });
    return { ok: true };
  });
  // The e-mailed link's page drawn for its token (issue 42): which weekend, until when, or
  // why not (404 unknown, 410 lapsed or ended).
  await registerPrivateLinkPage(app, {
    path: PATHS.placeOffer,
    rateLimit: ACCEPT_LIMIT,
    read: async (token) => {
      const { view, status } = await offerView(db, token, facts(), { eventNow: ctx.content.now() });
      return { result: view, status };
    },
  });
  await registerPagePost(app, {
    path: PATHS.placeOffer,
    withScripts: true,
    rateLimit: ACCEPT_LIMIT,
    bodyLimit: ACCEPT_BODY_LIMIT,
    store: async (data) => {
      await acceptOffer(db, (data as z.output<typeof offerAcceptSchema>).token, facts(), {
        eventNow: ctx.content.now(),
      });
      return undefined;
    },
  });

  // Every instance looks; the edition's lock lets one pass an offer on (places.server.ts).
  let timer: NodeJS.Timeout | undefined;
  let run: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      run = expireOffers(db).then(
        (lapsed) => lapsed > 0 && app.log.info({ lapsed }, 'lapsed place offers passed on'),
        (error: unknown) => app.log.error({ err: error }, 'lapsed place offers not passed on; retried'),
      );
    }, OFFER_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await run;
  });
}

/**
 * Publishing the event facts: a limit raised or removed offers the places it frees; a newer
 * edition ends the offers of earlier ones.
 */
export const placesFollower: ContentFollower = {
  type: eventContent,
  apply: async (db: Kysely<Database>, published) => {
    // At start (before the routes) nothing was raised since the last publish.
    if (!placesReady()) return;
    const facts = published as EventFacts;
    const free = async (trx: Parameters<typeof onPlaceFreed>[0]) => {
      await endEarlierOffers(trx, facts.edition);
      await onPlaceFreed(trx, facts.edition, { facts });
    };
    if (db.isTransaction) await free(db as Parameters<typeof onPlaceFreed>[0]);
    else await db.transaction().execute(free);
  },
};
