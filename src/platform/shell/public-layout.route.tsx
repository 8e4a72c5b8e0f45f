import { Outlet } from 'react-router';
import { SiteShell } from './SiteShell';

export default function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
