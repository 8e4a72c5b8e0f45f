import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '~/platform/db/client.server';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (_request, reply) => {
    const { database, version } = app.ctx;
    const up = await isDatabaseUp(database.db);
    return reply.code(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      version,
      database: { kind: database.kind, reachable: up },
    });
  });
}
