import { Tabs } from 'radix-ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useRevalidator, useSearchParams } from 'react-router';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { useAdminLogout } from '~/platform/admin/api';
import { ListPanel } from './ListPanel';
import type { AdminListView, AdminSection } from '~/platform/admin/section';
import { dashboardLists, type DashboardData } from './dashboard';
import { AdminShell } from './AdminShell';
import { EditionPicker, useEditionOptions } from '~/platform/admin/EditionPicker';
import { StatsPanel } from './StatsPanel';

// The charts bring their library (uPlot): a chunk of its own, loaded after the numbers.
const DailyCharts = lazy(() => import('./DailyCharts'));

/**
 * The dashboard: the edition shown, each section's numbers and panel, then one tab per list
 * (its waiting count on the tab). The sections come from src/app (admin-sections.ts): this
 * page knows none. The edition (`?edition=`, issue 30), the tab and the open list's page,
 * search and filter are kept in the address, so a reload or a shared link shows the same;
 * the loader reads what they name (dashboard.ts, decision 0052).
 */
export function AdminDashboardPage({
  sections,
  data,
}: {
  sections: readonly AdminSection[];
  /** What the dashboard's loader read (dashboard.ts). */
  data: DashboardData;
}) {
  const { t } = useTranslation('admin');
  const { admin, choices, edition, stats, tab } = data;
  const logout = useAdminLogout();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const lists = dashboardLists(sections) as Array<{ section: string; view: AdminListView<{ id: string }> }>;
  const waiting = (section: string, view: AdminListView<{ id: string }>) =>
    view.waiting ? (stats[section]?.[view.waiting] ?? 0) : 0;
  // The panels that still read their own data reload with the version (the lists and numbers
  // are the loader's, read again after any change).
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => {
    setVersion((v) => v + 1);
    void revalidator.revalidate();
  }, [revalidator]);
  const options = useEditionOptions(choices);
  const editionLabel = options.find((option) => option.value === edition)?.label;
  const asked = params.get('edition');
  const withEdition = (next: Record<string, string>) =>
    setParams(asked === null ? next : { ...next, edition: asked }, {
      replace: true,
      preventScrollReset: true,
    });

  return (
    <AdminShell admin={admin} onLogout={() => void logout()}>
      <PageMeta title={t('adminDashboard.meta.title')} description={t('adminDashboard.meta.description')} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('adminDashboard.title')}</h1>
        <p className="text-muted">{t('adminDashboard.greeting', { name: admin.firstName })}</p>
      </div>
      <EditionPicker
        options={options}
        value={edition}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('edition', value);
          // Another edition starts again at its first page.
          next.delete('page');
          setParams(next, { preventScrollReset: true });
        }}
      />
      <StatsPanel sections={sections} stats={stats} editionLabel={editionLabel} />
      <Suspense fallback={<Spinner label={t('charts.loading')} className="py-16" />}>
        <DailyCharts data={data.daily} editionLabel={editionLabel} />
      </Suspense>
      {sections.map((section) =>
        section.Panel ? <section.Panel key={section.name} version={version} onChanged={changed} /> : null,
      )}
      <section aria-labelledby="lists-title" className="mt-8">
        <h2 id="lists-title" className="sr-only">
          {t('adminDashboard.listsTitle')}
        </h2>
        <Tabs.Root value={tab} onValueChange={(value) => withEdition({ tab: value })}>
          <Tabs.List
            aria-label={t('tabs.label')}
            className="flex flex-wrap gap-2 border-b border-black/10 pb-3"
          >
            {lists.map(({ section, view }) => {
              const name = view.list.name;
              const count = waiting(section, view);
              return (
                <Tabs.Trigger
                  key={name}
                  value={name}
                  className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-black/10 bg-white px-4 text-sm font-semibold text-ink hover:bg-sand data-[state=active]:border-ink data-[state=active]:bg-ink data-[state=active]:text-white"
                >
                  {t(`tabs.${name}`)}
                  {count > 0 ? (
                    <span className="rounded-full bg-ember-600 px-2 py-0.5 text-xs text-white">{count}</span>
                  ) : null}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {lists.map(({ view }) => (
            <Tabs.Content key={view.list.name} value={view.list.name} className="mt-4 rounded-lg">
              <ListPanel
                key={view.list.name}
                view={view}
                data={view.list.name === data.tab ? data : undefined}
                onChanged={changed}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </AdminShell>
  );
}
