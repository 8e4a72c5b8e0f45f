import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { ContentList } from '~/features/content-admin/ContentList';
import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { PATHS } from '~/platform/paths';
import { CalendarDays, ChevronRight } from '~/platform/ui/icons/icons';
import { CONTENT_TYPES } from './content-types';

await loadRoutePacks('admin', 'content', 'nextYear');

/** The way to next year (issue 30): dates, last year's history and the banner in one step. */
function NextYearEntry() {
  const { t } = useTranslation('nextYear');
  return (
    <Link
      to={PATHS.adminNextYear}
      className="mt-4 flex items-center justify-between gap-3 rounded-xl border-2 border-ember-600/40 bg-cream p-4 shadow-sm hover:border-ember-600"
    >
      <span className="flex min-w-0 items-start gap-3">
        <CalendarDays aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-ember-700" />
        <span className="min-w-0">
          <span className="block font-bold">{t('entry.title')}</span>
          <span className="block text-sm text-muted">{t('entry.text')}</span>
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-ember-700">
        <span className="hidden sm:inline">{t('entry.open')}</span>
        <ChevronRight aria-hidden="true" className="h-5 w-5" />
      </span>
    </Link>
  );
}

// The list of content types is the app's: it is where the features' content types meet.
export default function AdminContent() {
  const { t } = useTranslation('content');
  return (
    <AdminFrame title={t('list.title')}>
      <ContentList types={CONTENT_TYPES} aside={<NextYearEntry />} />
    </AdminFrame>
  );
}
