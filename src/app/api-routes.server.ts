import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '~/features/admin/admin.server';
import { contactFormRoutes } from '~/features/contact/contact.server';
import { registrationRoutes } from '~/features/registration/registration.server';
import { shopRoutes } from '~/features/shop/shop.server';
import { sponsorApplicationRoutes } from '~/features/sponsors/application.server';

/**
 * Every feature's API, mounted under /api. Each feature keeps its routes in its own
 * `src/features/<feature>/<feature>.server.ts` and is registered here with one line.
 */
export async function registerApiRoutes(app: FastifyInstance) {
  await app.register(registrationRoutes);
  await app.register(contactFormRoutes);
  await app.register(sponsorApplicationRoutes);
  await app.register(shopRoutes);
  await app.register(adminRoutes);
}
