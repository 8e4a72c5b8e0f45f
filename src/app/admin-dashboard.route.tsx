import { AdminDashboardPage } from '~/features/admin/AdminDashboardPage';

export default AdminDashboardPage;
