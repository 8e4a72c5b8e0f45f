import { AdminDashboardPage } from '~/features/admin/AdminDashboardPage';
import { ADMIN_SECTIONS } from './admin-sections';

// The dashboard lives in the app layer: it is where the features' admin sections meet.
export default function AdminDashboard() {
  return <AdminDashboardPage sections={ADMIN_SECTIONS} />;
}
