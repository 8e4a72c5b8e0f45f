import { Tabs } from 'radix-ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useSearchParams } from 'react-router';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { useAdminQuery, useAdminSession } from '~/platform/admin/api';
import { EDITIONS_ENDPOINT, type EditionChoices } from '~/platform/admin/edition';
import { ListPanel } from './ListPanel';
import {
  ADMIN_ENDPOINTS,
  type AdminListView,
  type AdminSection,
  type DashboardStats,
} from '~/platform/admin/section';
import { AdminShell } from './AdminShell';
import { EditionPicker, useEditionOptions } from './EditionPicker';
import { StatsPanel } from './StatsPanel';

// The charts bring their library (uPlot): a chunk of its own, loaded after the numbers.
const DailyCharts = lazy(() => import('./DailyCharts'));

/**
 * The dashboard: the edition shown, each section's numbers and panel, then one tab per list
 * (its waiting count on the tab). The sections come from src/app (admin-sections.ts): this
 * page knows none. The edition (`?edition=`, issue 30) and the tab are kept in the address,
 * so a reload or a shared link shows the same.
 */
export function AdminDashboardPage({ sections }: { sections: readonly AdminSection[] }) {
  const { t } = useTranslation('admin');
  const { admin, logout } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const lists = sections.flatMap((section) =>
    (section.lists ?? []).map((view) => ({
      section: section.name,
      view: view as AdminListView<{ id: string }>,
    })),
  );
  const tabName = params.get('tab');
  const tab = lists.some((l) => l.view.list.name === tabName) ? tabName! : (lists[0]?.view.list.name ?? '');
  const waiting = (section: string, view: AdminListView<{ id: string }>) =>
    view.waiting ? (stats?.[section]?.[view.waiting] ?? 0) : 0;
  const initialQuery = params.get('q') ?? '';
  // Any change bumps the version: the lists, stats and payment health all reload.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const { data: choices } = useAdminQuery<EditionChoices>(admin ? EDITIONS_ENDPOINT.url() : null, version);
  const options = useEditionOptions(choices);
  // The edition asked for in the address if it is one of the choices, else the current one;
  // undefined until the choices have loaded (the numbers wait for it).
  const asked = params.get('edition');
  const edition = !choices
    ? undefined
    : options.some((option) => option.value === asked)
      ? asked!
      : String(choices.current);
  const editionLabel = options.find((option) => option.value === edition)?.label;
  const withEdition = (next: Record<string, string>) =>
    setParams(asked === null ? next : { ...next, edition: asked }, {
      replace: true,
      preventScrollReset: true,
    });
  const { data: stats } = useAdminQuery<DashboardStats>(
    admin && edition ? `${ADMIN_ENDPOINTS.stats.url()}?${new URLSearchParams({ edition })}` : null,
    version,
  );

  return (
    <AdminShell admin={admin} onLogout={() => void logout()}>
      <PageMeta title={t('adminDashboard.meta.title')} description={t('adminDashboard.meta.description')} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('adminDashboard.title')}</h1>
        {admin ? (
          <p className="text-muted">{t('adminDashboard.greeting', { name: admin.firstName })}</p>
        ) : null}
      </div>
      {!admin ? (
        <Spinner label={t('shell.loading')} className="py-32" />
      ) : (
        <>
          <EditionPicker
            options={options}
            value={edition}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              next.set('edition', value);
              setParams(next, { preventScrollReset: true });
            }}
          />
          <StatsPanel sections={sections} stats={stats} editionLabel={editionLabel} />
          <Suspense fallback={<Spinner label={t('charts.loading')} className="py-16" />}>
            <DailyCharts edition={edition} editionLabel={editionLabel} />
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
                        <span className="rounded-full bg-ember-600 px-2 py-0.5 text-xs text-white">
                          {count}
                        </span>
                      ) : null}
                    </Tabs.Trigger>
                  );
                })}
              </Tabs.List>
              {lists.map(({ view }) => (
                <Tabs.Content key={view.list.name} value={view.list.name} className="mt-4 rounded-lg">
                  <ListPanel
                    key={`${view.list.name}:${initialQuery}`}
                    view={view}
                    initialQuery={view.list.name === tab ? initialQuery : ''}
                    edition={edition}
                    version={version}
                    onChanged={changed}
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </section>
        </>
      )}
    </AdminShell>
  );
}
