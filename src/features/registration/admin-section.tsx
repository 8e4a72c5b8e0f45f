import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminSection } from '~/platform/admin/section';
import { HEADCOUNTS, REGISTRATIONS_LIST } from './admin';
import { ConfirmAllButton } from './ConfirmAllButton';
import { RegistrationAdminCard } from './RegistrationAdminCard';

/** The headcounts organisers plan with (tents, day visitors, competitors, helpers…). */
function Headcounts({
  stats,
  editionLabel,
}: {
  stats: Record<string, number> | undefined;
  editionLabel?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-3 rounded-xl border border-black/10 bg-forest-50 p-4">
      <h3 className="text-sm font-bold text-forest-700">
        {t('stats.headcountTitle')}
        {/* The edition these registrations are for (issue 30). */}
        {editionLabel ? <span className="font-normal"> · {editionLabel}</span> : null}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        {HEADCOUNTS.map((key) => (
          <div key={key}>
            <dt className="text-sm text-muted">{t(`stats.${key}`)}</dt>
            <dd className="text-xl font-bold">{stats ? String(stats[key]) : '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export const registrationSection: AdminSection = {
  name: 'registration',
  tiles: [{ key: 'total', label: 'stats.registrations' }],
  Summary: Headcounts,
  lists: [
    {
      list: REGISTRATIONS_LIST,
      Row: RegistrationAdminCard,
      Toolbar: ConfirmAllButton,
      waiting: 'unconfirmed',
    },
  ],
};
