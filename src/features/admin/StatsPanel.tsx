import { useTranslation } from 'react-i18next';
import { formatMoney } from '~/platform/admin/format';
import type { DashboardStats } from './lists';

function Stat({
  label,
  value,
  tone = 'plain',
}: {
  label: string;
  value: string | number;
  tone?: 'plain' | 'alert';
}) {
  return (
    <div className="rounded-xl border border-black/10 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd
        className={
          tone === 'alert' ? 'mt-1 text-2xl font-extrabold text-ember-700' : 'mt-1 text-2xl font-extrabold'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** The numbers an organiser looks at first, and the headcounts for planning. */
export function StatsPanel({ stats }: { stats: DashboardStats | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number | undefined) => (stats ? String(value) : '–');
  const r = stats?.registrations;
  return (
    <section aria-labelledby="stats-title" className="mt-6">
      <h2 id="stats-title" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat label={t('stats.orders')} value={n(stats?.orders.total)} />
        <Stat
          label={t('stats.pendingOrders')}
          value={n(stats?.orders.pending)}
          tone={stats?.orders.pending ? 'alert' : 'plain'}
        />
        <Stat
          label={t('stats.revenue')}
          value={stats ? formatMoney(stats.orders.revenuePence, i18n.language) : '–'}
        />
        <Stat
          label={t('stats.newContacts')}
          value={n(stats?.contacts.new)}
          tone={stats?.contacts.new ? 'alert' : 'plain'}
        />
        <Stat
          label={t('stats.newSponsors')}
          value={n(stats?.sponsorApplications.new)}
          tone={stats?.sponsorApplications.new ? 'alert' : 'plain'}
        />
        <Stat label={t('stats.registrations')} value={n(r?.total)} />
      </dl>
      <div className="mt-3 rounded-xl border border-black/10 bg-forest-50 p-4">
        <h3 className="text-sm font-bold text-forest-700">{t('stats.headcountTitle')}</h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
          {(['adults', 'children', 'tents', 'dayVisitors', 'competitors', 'helpers'] as const).map((key) => (
            <div key={key}>
              <dt className="text-sm text-muted">{t(`stats.${key}`)}</dt>
              <dd className="text-xl font-bold">{n(r?.[key])}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
