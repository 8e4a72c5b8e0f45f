import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuditActor } from '~/platform/auth/audit.server';
import { addAdminGuard } from '~/platform/auth/guard.server';
import type { Database } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors.server';
import { type DailySource, outboxDaily, registerDailyStats } from './daily.server';
import { type AdminListSource, registerAdminList } from './lists.server';
import { ADMIN_ENDPOINTS, type DashboardStats } from './section';

/**
 * A feature's part of the admin API: its lists, its actions and its dashboard numbers. The
 * routes are registered behind the admin guard (401 without a session, 403 for an inactive
 * admin or a cross-site write) unless a route says `config: { adminPublic: true }`.
 */
export interface AdminSectionServer {
  name: string;
  // Each list has its own row type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  lists?: AdminListSource<any>[];
  routes?: (scope: FastifyInstance) => void | Promise<void>;
  stats?: (db: Kysely<Database>) => Promise<Record<string, number>>;
  /** Its numbers per day for the dashboard's charts (GET /api/admin/stats/daily). */
  daily?: DailySource;
}

/** Who made a change, for the audit log: the signed-in admin. */
export const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.admin!.id,
  label: request.admin!.email,
});

const idParams = z.object({ id: z.uuid() });

/** The record id of a route's `:id`; a malformed one cannot exist: 404, like an unknown one. */
export function idOf(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw notFound();
  return result.data.id;
}

/** The admin API of every section, behind one guard, plus the dashboard's numbers. */
export async function registerAdminArea(app: FastifyInstance, sections: readonly AdminSectionServer[]) {
  await app.register(async (scope) => {
    addAdminGuard(scope);
    for (const section of sections) {
      await section.routes?.(scope);
      for (const source of section.lists ?? []) registerAdminList(scope, source);
    }
    scope.get(ADMIN_ENDPOINTS.stats.path, async (): Promise<DashboardStats> => {
      const db = scope.ctx.database.db;
      const entries = await Promise.all(
        sections.filter((s) => s.stats).map(async (s) => [s.name, await s.stats!(db)] as const),
      );
      return Object.fromEntries(entries);
    });
    registerDailyStats(scope, [
      ...sections.flatMap((s) => (s.daily ? [[s.name, s.daily] as [string, DailySource]] : [])),
      ['mail', outboxDaily],
    ]);
  });
}
