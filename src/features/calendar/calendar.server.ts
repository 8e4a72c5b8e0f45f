import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentOf } from '~/platform/content/content-type';
import type { ServerFeature } from '~/platform/feature.server';
import { parseInput } from '~/platform/http/errors.server';
import { eventContent } from '~/platform/site-content/event';
import { CALENDAR_ENDPOINTS } from '~/platform/event/calendar-api';
import { eventIcs } from './ics.server';

const calendarQuerySchema = z.object({ lang: z.enum(['lt', 'en']).default('lt') });

async function calendarRoutes(app: FastifyInstance) {
  app.get(CALENDAR_ENDPOINTS.ics.path, async (request, reply) => {
    const { lang } = parseInput(calendarQuerySchema, request.query);
    const event = contentOf(app.ctx.content.content, eventContent);
    const file = eventIcs(event, lang, app.ctx.config.PUBLIC_URL, new Date());
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="bbq-${event.start.slice(0, 4)}.ics"`)
      .header('cache-control', 'public, max-age=300')
      .send(file);
  });
}

/** The published event facts as a calendar file, always the current ones. */
export const calendarFeature: ServerFeature = { name: 'calendar', routes: calendarRoutes };
