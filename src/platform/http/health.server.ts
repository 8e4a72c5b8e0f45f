import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isDatabaseUp } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { endpoint } from './api';

/** GET: is the site up, its database reachable and writable (for monitoring). */
export const HEALTH_ENDPOINT = endpoint('/api/health');

/**
 * A real write, committed (and on the embedded database fsynced) like every order: a read
 * alone says "ok" while a full disk or a read-only database refuses every write.
 */
async function isDatabaseWritable(db: Kysely<Database>): Promise<boolean> {
  try {
    const value = new Date().toISOString();
    await db
      .insertInto('app_settings')
      .values({ key: 'health_check', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return true;
  } catch {
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance) {
  app.get(HEALTH_ENDPOINT.path, async (request, reply) => {
    const { database, version } = app.ctx;
    const writable = await isDatabaseWritable(database.db);
    const reachable = writable || (await isDatabaseUp(database.db));
    if (!writable) request.log.warn({ reachable }, 'health check: the database refuses writes');
    return reply.code(writable ? 200 : 503).send({
      status: writable ? 'ok' : 'degraded',
      version,
      database: { kind: database.kind, reachable, writable },
    });
  });
}
