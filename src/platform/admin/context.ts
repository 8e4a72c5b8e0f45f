import { createContext, redirect, type RouterContextProvider } from 'react-router';
import { PATHS } from '~/platform/paths';
import type { AdminIdentity } from './api';
import type { DailyStats } from './daily';
import type { EditionChoices } from './edition';
import type { DashboardStats, ListPage } from './section';

/**
 * How the admin area's route modules reach the server (issue 45, decision 0052): the server
 * renders an admin page (and answers its `.data` requests) for each request, with the
 * signed-in admin and the admin services in this router context
 * (platform/admin/pages.server.ts). Loaders and actions read it through `requireAdmin`.
 * Browser-safe: only types cross over; the implementations are `.server` modules.
 */

/** What the dashboard reads (platform/admin/area.server.ts implements it over the sections). */
export interface AdminReads {
  /** The editions to choose from. */
  editions(): Promise<EditionChoices>;
  /** Every section's numbers for `edition` (`?edition=`; an unknown one: the current edition's). */
  stats(edition: string): Promise<DashboardStats>;
  /**
   * A page of the list `name` for the query in an address (page, q, status, edition); a query
   * that is not one (a page beyond the last, a filter it does not offer) reads as the first
   * page without it. Undefined for a list there is not.
   */
  list(name: string, query: URLSearchParams): Promise<ListPage<{ id: string }> | undefined>;
  /**
   * The charts' numbers per day for the range in an address (`from`, `to`; `days`: the last
   * so many days), for `edition`; a range that is not one: the last 30 days.
   */
  daily(query: URLSearchParams, edition: string): Promise<DailyStats>;
  /** A section's own page data for the query in an address (AdminSectionServer.page); undefined for none. */
  page(section: string, query: URLSearchParams): Promise<unknown>;
}

/** The session of the request being answered. */
export type AdminSession = { admin: AdminIdentity } | { admin: null; notAdmin: boolean };

export interface AdminServer {
  session: AdminSession;
  reads: AdminReads;
}

/** Set by the server for an admin page's request; null everywhere else (public pages). */
export const adminServerContext = createContext<AdminServer | null>(null);

/** `?notice=` on the sign-in page: why the admin was sent there (the admin layout says it). */
export const NOT_ADMIN_NOTICE = 'not-admin';

/**
 * The signed-in admin and the admin services, in an admin loader or action; without a
 * session a redirect to the sign-in page, and for an inactive admin one that says so
 * (as `useAdminSession` did in the browser).
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): {
  admin: AdminIdentity;
  reads: AdminReads;
} {
  const server = context.get(adminServerContext);
  if (!server) throw redirect(PATHS.adminLogin);
  const { session, reads } = server;
  if (session.admin) return { admin: session.admin, reads };
  throw redirect(session.notAdmin ? `${PATHS.adminLogin}?notice=${NOT_ADMIN_NOTICE}` : PATHS.adminLogin);
}
