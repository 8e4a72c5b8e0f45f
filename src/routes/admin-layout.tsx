import { Outlet } from 'react-router';
import { AppToaster } from '~/chrome/SiteShell';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('admin');

export default function AdminLayout() {
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  );
}
