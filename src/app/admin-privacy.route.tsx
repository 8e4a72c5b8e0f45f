import { useTranslation } from '~/platform/i18n/useTranslation';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { PrivacyAdminPanel } from '~/features/privacy-admin/PrivacyAdminPanel';

// The privacy page lives in the app layer: the admin frame and the privacy tools meet here.
export default function AdminPrivacy() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame title={t('privacy.title')}>
      <h1 className="mb-6 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('privacy.title')}</h1>
      <PrivacyAdminPanel />
    </AdminFrame>
  );
}
