import { AdminInvitationPage } from './AdminInvitationPage';

export default AdminInvitationPage;
