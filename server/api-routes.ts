import type { FastifyInstance } from 'fastify';
import { shopRoutes } from '~/features/shop/shop.server';

/**
 * Every feature's API, mounted under /api. Each feature keeps its routes in its own
 * `src/features/<feature>/<feature>.server.ts` and is registered here with one line.
 */
export async function registerApiRoutes(app: FastifyInstance) {
  await app.register(shopRoutes);
}
