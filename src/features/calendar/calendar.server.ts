import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentOf } from '~/platform/content/content-type';
import type { ServerFeature } from '~/platform/feature.server';
import { parseInput } from '~/platform/http/errors.server';
import { PAGE_CACHE, strongEtag, unchangedFor } from '~/platform/http/static-files.server';
import { eventContent } from '~/platform/site-content/event';
import { CALENDAR_ENDPOINTS } from '~/platform/event/calendar-api';
import { eventIcs } from './ics.server';

const calendarQuerySchema = z.object({ lang: z.enum(['lt', 'en']).default('lt') });

async function calendarRoutes(app: FastifyInstance) {
  app.get(CALENDAR_ENDPOINTS.ics.path, async (request, reply) => {
    const { lang } = parseInput(calendarQuerySchema, request.query);
    const event = contentOf(app.ctx.content.content, eventContent);
    const file = eventIcs(event, lang, app.ctx.config.PUBLIC_URL, new Date());
    // Revalidated, not cached for a while (issue 31): right after the date moves, a browser or
    // proxy must not hand out the old one. The tag is the file's without its DTSTAMP (the
    // moment of the answer), so it changes exactly when what the file says does.
    const etag = strongEtag(file.replace(/^DTSTAMP:.*\r\n/m, ''));
    reply.header('cache-control', PAGE_CACHE).header('etag', etag);
    if (unchangedFor(request.headers, etag)) return reply.code(304).send();
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="bbq-${event.start.slice(0, 4)}.ics"`)
      .send(file);
  });
}

/** The published event facts as a calendar file, always the current ones. */
export const calendarFeature: ServerFeature = { name: 'calendar', routes: calendarRoutes };
