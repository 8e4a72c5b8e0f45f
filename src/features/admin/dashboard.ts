import type { RouterContextProvider } from 'react-router';
import { requireAdmin } from '~/platform/admin/context';
import { chosenEdition } from '~/platform/admin/edition';
import type { AdminSection } from '~/platform/admin/section';

/** The lists of the dashboard's tabs, in the sections' order. */
export const dashboardLists = (sections: readonly AdminSection[]) =>
  sections.flatMap((section) => (section.lists ?? []).map((view) => ({ section: section.name, view })));

/**
 * The dashboard's loader (decision 0052): the signed-in admin (else the sign-in page), the
 * edition shown (`?edition=` if it is one of the choices, else the current one), every
 * section's numbers, and the open tab's list (`?tab=`, else the first) at the page, search
 * and filter in the address. Everything the page shows comes from here, so it is in the HTML
 * (readable without scripts) and read again after every change (revalidation).
 */
export async function loadDashboard(
  context: Readonly<RouterContextProvider>,
  request: Request,
  sections: readonly AdminSection[],
) {
  const { admin, reads } = requireAdmin(context);
  const params = new URL(request.url).searchParams;
  const choices = await reads.editions();
  const edition = chosenEdition(choices, params);
  const lists = dashboardLists(sections).map(({ view }) => view.list);
  const askedTab = params.get('tab');
  const open = lists.find((list) => list.name === askedTab) ?? lists[0];
  const tab = open?.name ?? '';
  const query = new URLSearchParams(params);
  query.set('edition', edition);
  const [stats, list, daily] = await Promise.all([
    reads.stats(edition),
    tab ? reads.list(tab, query) : Promise.resolve(undefined),
    reads.daily(params, edition),
  ]);
  return {
    admin,
    choices,
    edition,
    stats,
    daily,
    tab,
    list: list ?? null,
    q: query.get('q')?.trim().slice(0, 100) ?? '',
    // The filter as applied: one the list does not offer is left out.
    status: open?.filters.find((value) => value === query.get('status')) ?? '',
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
