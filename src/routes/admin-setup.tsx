import { AdminSetupPage } from '~/features/admin/AdminSetupPage';

export default AdminSetupPage;
