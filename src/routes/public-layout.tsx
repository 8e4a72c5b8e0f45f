import { Outlet } from 'react-router';
import { SiteShell } from '~/chrome/SiteShell';

export default function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
