import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { AdminShell } from './AdminShell';
import { useAdminQuery, useAdminSession } from '~/platform/admin/api';
import { ListPanel } from '~/platform/admin/ListPanel';
import { LIST_NAMES, type DashboardStats, type ListName } from './lists';
import { PaymentsHealthPanel } from '~/features/shop/PaymentsHealthPanel';
import { StatsPanel } from './StatsPanel';

const isListName = (value: string | null): value is ListName => LIST_NAMES.includes(value as ListName);

/** Records waiting for someone, shown as a count on their tab. */
function waiting(stats: DashboardStats | undefined, list: ListName): number {
  if (!stats) return 0;
  if (list === 'orders') return stats.orders.pending;
  if (list === 'contacts') return stats.contacts.new;
  if (list === 'sponsor-applications') return stats.sponsorApplications.new;
  return 0;
}

export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const { admin, logout } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const tab: ListName = isListName(params.get('tab')) ? (params.get('tab') as ListName) : 'orders';
  const initialQuery = params.get('q') ?? '';
  // Any change bumps the version: the lists, stats and payment health all reload.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const { data: stats } = useAdminQuery<DashboardStats>(admin ? '/stats' : null, version);

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
          <StatsPanel stats={stats} />
          <PaymentsHealthPanel version={version} onChanged={changed} />
          <section aria-labelledby="lists-title" className="mt-8">
            <h2 id="lists-title" className="sr-only">
              {t('adminDashboard.listsTitle')}
            </h2>
            <Tabs.Root
              value={tab}
              onValueChange={(value) =>
                setParams({ tab: value }, { replace: true, preventScrollReset: true })
              }
            >
              <Tabs.List
                aria-label={t('tabs.label')}
                className="flex flex-wrap gap-2 border-b border-black/10 pb-3"
              >
                {LIST_NAMES.map((name) => {
                  const count = waiting(stats, name);
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
              {LIST_NAMES.map((name) => (
                <Tabs.Content key={name} value={name} className="mt-4 rounded-lg">
                  <ListPanel
                    key={`${name}:${initialQuery}`}
                    list={name}
                    initialQuery={name === tab ? initialQuery : ''}
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
