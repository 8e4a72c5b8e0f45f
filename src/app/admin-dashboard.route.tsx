import { AdminDashboardPage } from '~/features/admin/AdminDashboardPage';
import { loadDashboard } from '~/features/admin/dashboard';
import type { Route } from './+types/admin-dashboard.route';
import { ADMIN_SECTIONS } from './admin-sections';

// The dashboard lives in the app layer: it is where the features' admin sections meet.
export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadDashboard(context, request, ADMIN_SECTIONS);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <AdminDashboardPage sections={ADMIN_SECTIONS} data={loaderData} />;
}
