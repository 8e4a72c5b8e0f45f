import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuditActor } from '~/platform/auth/audit.server';
import { addAdminGuard } from '~/platform/auth/guard.server';
import type { Database } from '~/platform/db/schema';
import { notFound, parseInput } from '~/platform/http/errors.server';
import { addDays, dailyQuerySchema, londonToday } from './daily';
import { type DailySource, dailyStats, outboxDaily, registerDailyStats } from './daily.server';
import { EDITIONS_ENDPOINT, editionParam, type EditionChoices } from './edition';
import { editionChoices, type EditionFilter, resolveEdition } from './edition.server';
import { ADMIN_LOADER_PAGES } from '~/platform/paths';
import type { AppContext } from '~/platform/http/app-context.server';
import type { AdminReads } from './context';
import { type AdminListSource, listPageFor, registerAdminList } from './lists.server';
import { registerAdminPages } from './pages.server';
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
  /**
   * Its dashboard numbers. Numbers of edition-bound records count the edition asked for
   * (`?edition=`, the current one by default); the others ignore it.
   */
  stats?: (db: Kysely<Database>, scope: { edition: EditionFilter }) => Promise<Record<string, number>>;
  /** Its numbers per day for the dashboard's charts (GET /api/admin/stats/daily). */
  daily?: DailySource;
  /**
   * What its own admin page shows for the query in an address (the rota's grid), read by
   * that page's loader through `AdminReads.page` (decision 0052): the section's own data,
   * which the platform passes on without knowing it.
   */
  page?: (ctx: AppContext, query: URLSearchParams) => Promise<unknown>;
}

/** Who made a change, for the audit log: the signed-in admin. */
export const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.admin!.id,
  label: request.admin!.email,
});

const idParams = z.object({ id: z.uuid() });
const statsQuery = z.object({ edition: editionParam });

/** The record id of a route's `:id`; a malformed one cannot exist: 404, like an unknown one. */
export function idOf(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw notFound();
  return result.data.id;
}

/** Every section's numbers for the edition asked for. */
async function statsOf(
  ctx: AppContext,
  sections: readonly AdminSectionServer[],
  edition: EditionFilter,
): Promise<DashboardStats> {
  const entries = await Promise.all(
    sections
      .filter((s) => s.stats)
      .map(async (s) => [s.name, await s.stats!(ctx.database.db, { edition })] as const),
  );
  return Object.fromEntries(entries);
}

/** The tables of the edition-bound lists: their rows of no edition make 'none' a choice. */
const editionTablesOf = (sections: readonly AdminSectionServer[]) =>
  sections.flatMap((s) =>
    (s.lists ?? []).filter((source) => source.list.byEdition).map((source) => source.table),
  );

/** The charts' series: each section's, then the mail outbox's. */
const dailySourcesOf = (sections: readonly AdminSectionServer[]): Array<[string, DailySource]> => [
  ...sections.flatMap((s) => (s.daily ? [[s.name, s.daily] as [string, DailySource]] : [])),
  ['mail', outboxDaily],
];

/** What the admin pages' loaders read (platform/admin/context.ts), over every section. */
function adminReads(ctx: AppContext, sections: readonly AdminSectionServer[]): AdminReads {
  const sources = new Map(
    sections.flatMap((s) => (s.lists ?? []).map((source) => [source.list.name, source])),
  );
  const editionTables = editionTablesOf(sections);
  const daily = dailySourcesOf(sections);
  // `?edition=` as an address may say it: one that is not an edition, the current one.
  const editionOf = async (asked: string): Promise<EditionFilter> => {
    const parsed = editionParam.safeParse(asked);
    return resolveEdition(ctx, parsed.success ? parsed.data : undefined).catch(() =>
      resolveEdition(ctx, undefined),
    );
  };
  // `?days=` (the last so many), else `?from=&to=`; a range that is not one: the last 30 days.
  const rangeOf = (query: URLSearchParams): { from?: string; to?: string } => {
    const days = Number(query.get('days'));
    if (Number.isInteger(days) && days >= 1 && days <= 366)
      return { from: addDays(londonToday(), 1 - days), to: londonToday() };
    const parsed = dailyQuerySchema.safeParse({
      from: query.get('from') ?? undefined,
      to: query.get('to') ?? undefined,
    });
    return parsed.success ? parsed.data : {};
  };
  return {
    editions: () => editionChoices(ctx, editionTables),
    stats: async (asked) => statsOf(ctx, sections, await editionOf(asked)),
    list: async (name, query) => {
      const source = sources.get(name);
      return source && listPageFor(ctx, source, query);
    },
    daily: async (query, asked) => dailyStats(ctx, daily, rangeOf(query), await editionOf(asked)),
    page: async (name, query) => {
      const section = sections.find((s) => s.name === name);
      return section?.page ? section.page(ctx, query) : undefined;
    },
  };
}

/**
 * The admin API of every section, behind one guard, plus the dashboard's numbers; and the
 * admin pages on loaders, rendered for each request with what `adminReads` gives them.
 */
export async function registerAdminArea(app: FastifyInstance, sections: readonly AdminSectionServer[]) {
  registerAdminPages(app, ADMIN_LOADER_PAGES, adminReads(app.ctx, sections));
  await app.register(async (scope) => {
    addAdminGuard(scope);
    for (const section of sections) {
      await section.routes?.(scope);
      for (const source of section.lists ?? []) registerAdminList(scope, source);
    }
    scope.get(ADMIN_ENDPOINTS.stats.path, async (request): Promise<DashboardStats> => {
      const edition = await resolveEdition(scope.ctx, parseInput(statsQuery, request.query).edition);
      return statsOf(scope.ctx, sections, edition);
    });
    const editionTables = editionTablesOf(sections);
    scope.get(EDITIONS_ENDPOINT.path, (): Promise<EditionChoices> =>
      editionChoices(scope.ctx, editionTables),
    );
    registerDailyStats(scope, dailySourcesOf(sections));
  });
}
