import { AdminLoginPage } from '~/features/admin/AdminLoginPage';

export default AdminLoginPage;
