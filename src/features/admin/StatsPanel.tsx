import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminSection, DashboardStats } from '~/platform/admin/section';
import { formatMoney } from '~/platform/i18n/format';

function Stat({ label, value, tone = 'plain' }: { label: string; value: string; tone?: 'plain' | 'alert' }) {
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

/** The numbers an organiser looks at first (each section's tiles), then the sections' summaries. */
export function StatsPanel({
  sections,
  stats,
  editionLabel,
}: {
  sections: readonly AdminSection[];
  stats: DashboardStats | undefined;
  /** The edition the numbers of edition-bound records are for ("2026 · 5th"). */
  editionLabel: string | undefined;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section aria-labelledby="stats-title" className="mt-6">
      <h2 id="stats-title" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        {sections.flatMap((section) =>
          (section.tiles ?? []).map((tile) => {
            const value = stats?.[section.name]?.[tile.key];
            return (
              <Stat
                key={`${section.name}.${tile.key}`}
                label={t(tile.label)}
                value={
                  value === undefined ? '–' : tile.money ? formatMoney(value, i18n.language) : String(value)
                }
                tone={tile.alert && value ? 'alert' : 'plain'}
              />
            );
          }),
        )}
      </dl>
      {sections.map((section) =>
        section.Summary ? (
          <section.Summary key={section.name} stats={stats?.[section.name]} editionLabel={editionLabel} />
        ) : null,
      )}
    </section>
  );
}
