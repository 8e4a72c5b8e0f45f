import { useTranslation } from '~/platform/i18n/useTranslation';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { historyTexts } from '~/features/history/texts';
import { NextYearPage } from '~/features/content-admin/next-year/NextYearPage';
import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('admin', 'content', 'nextYear');

// In the app layer: it joins the admin frame (a feature) and the history page's content type.
export default function AdminNextYear() {
  const { t } = useTranslation('nextYear');
  return (
    <AdminFrame title={t('title')}>
      <NextYearPage historyType={historyTexts} />
    </AdminFrame>
  );
}
