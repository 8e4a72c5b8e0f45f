import { Outlet } from 'react-router';
import { useSiteWorker } from '~/features/offline/useSiteWorker';
import { SiteShell } from '~/platform/shell/SiteShell';

/** The public pages' frame, and the site's offline worker (the app puts the two together). */
export default function PublicLayout() {
  // Public pages only: the admin area is never the site worker's business (decision 0042).
  useSiteWorker();
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
