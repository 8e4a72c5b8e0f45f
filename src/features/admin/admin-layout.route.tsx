import { useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { NOT_ADMIN_NOTICE } from '~/platform/admin/context';
import { NavigationProgress, useSlowNavigation } from '~/platform/shell/NavigationProgress';
import { AppToaster } from '~/platform/shell/SiteShell';
import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { notify } from '~/platform/ui/notify';

await loadRoutePacks('admin', 'content');

export default function AdminLayout() {
  const navigating = useSlowNavigation();
  const { t } = useTranslation('admin');
  // An admin page's loader sent an inactive admin to the sign-in page (platform/admin/context.ts).
  const [params] = useSearchParams();
  const notice = params.get('notice');
  useEffect(() => {
    if (notice === NOT_ADMIN_NOTICE) void notify('error', t('errors.notAdmin'));
  }, [notice, t]);
  return (
    <>
      <NavigationProgress shown={navigating} />
      <Outlet />
      <AppToaster />
    </>
  );
}
