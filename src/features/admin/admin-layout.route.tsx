import { Outlet } from 'react-router';
import { AppToaster } from '~/platform/shell/SiteShell';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('admin', 'content');

export default function AdminLayout() {
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  );
}
