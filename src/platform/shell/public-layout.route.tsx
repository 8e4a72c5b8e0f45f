import { Outlet } from 'react-router';
import { useSiteWorker } from '~/platform/offline/useSiteWorker';
import { SiteShell } from './SiteShell';

export default function PublicLayout() {
  // Public pages only: the admin area is never the site worker's business (decision 0042).
  useSiteWorker();
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
