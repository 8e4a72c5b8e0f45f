import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminSection } from '~/platform/admin/section';
import { EDITION_NUMBERS, HEADCOUNTS, REGISTRATIONS_LIST } from './admin';
import { ConfirmAllButton } from './ConfirmAllButton';
import { RegistrationAdminCard } from './RegistrationAdminCard';

/** What each number counts, said under it (issue 43: one vocabulary, each number labelled). */
function hintOf(key: (typeof EDITION_NUMBERS)[number], stats: Record<string, number> | undefined) {
  if (key === 'waiting') return { key: 'counts.waitingHint', count: stats?.waitingPeople ?? 0 };
  if (key === 'arrived') return { key: 'counts.arrivedHint', count: stats?.arrivedPeople ?? 0 };
  return { key: `counts.${key}Hint` };
}

/**
 * The edition's numbers in the one vocabulary (registered, people, confirmed, waiting,
 * cancelled, arrived), each saying what it counts, then the headcounts organisers plan with.
 */
function Headcounts({
  stats,
  editionLabel,
}: {
  stats: Record<string, number> | undefined;
  editionLabel?: string;
}) {
  const { t } = useTranslation('admin');
  const value = (key: string) => (stats ? String(stats[key]) : '–');
  return (
    <>
      <div className="mt-3 rounded-xl border border-black/10 bg-white p-4" data-testid="edition-counts">
        <h3 className="text-sm font-bold text-forest-700">
          {t('counts.title')}
          {/* The edition these registrations are for (issue 30). */}
          {editionLabel ? <span className="font-normal"> · {editionLabel}</span> : null}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          {EDITION_NUMBERS.map((key) => {
            const { key: hint, count } = hintOf(key, stats);
            return (
              <div key={key} data-count={key}>
                <dt className="text-sm font-semibold">{t(`counts.${key}`)}</dt>
                <dd className="text-xl font-bold">{value(key)}</dd>
                <dd className="text-xs text-muted">{t(hint, count === undefined ? {} : { count })}</dd>
              </div>
            );
          })}
        </dl>
      </div>
      <div className="mt-3 rounded-xl border border-black/10 bg-forest-50 p-4">
        <h3 className="text-sm font-bold text-forest-700">{t('stats.headcountTitle')}</h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-7">
          {HEADCOUNTS.map((key) => (
            <div key={key}>
              <dt className="text-sm text-muted">{t(`stats.${key}`)}</dt>
              <dd className="text-xl font-bold">{value(key)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}

export const registrationSection: AdminSection = {
  name: 'registration',
  tiles: [{ key: 'registrations', label: 'stats.registrationsTile' }],
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
