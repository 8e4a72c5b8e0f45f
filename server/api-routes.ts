import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '~/features/admin/admin.server';

/**
 * Every feature's API, mounted under /api. Each feature keeps its routes in its own
 * `src/features/<feature>/<feature>.server.ts` and is registered here with one line.
 */
export async function registerApiRoutes(app: FastifyInstance) {
  await app.register(adminRoutes);
}
