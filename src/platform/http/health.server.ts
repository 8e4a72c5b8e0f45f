import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '~/platform/db/client.server';
import { endpoint } from './api';

/** GET: is the site up and its database reachable (for monitoring). */
export const HEALTH_ENDPOINT = endpoint('/api/health');

export async function healthRoutes(app: FastifyInstance) {
  app.get(HEALTH_ENDPOINT.path, async (_request, reply) => {
    const { database, version } = app.ctx;
    const up = await isDatabaseUp(database.db);
    return reply.code(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      version,
      database: { kind: database.kind, reachable: up },
    });
  });
}
