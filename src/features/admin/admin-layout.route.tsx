import { Outlet } from 'react-router';
import { NavigationProgress, useSlowNavigation } from '~/platform/shell/NavigationProgress';
import { AppToaster } from '~/platform/shell/SiteShell';
import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('admin', 'content');

export default function AdminLayout() {
  const navigating = useSlowNavigation();
  return (
    <>
      <NavigationProgress shown={navigating} />
      <Outlet />
      <AppToaster />
    </>
  );
}
