import { AdminTeamPage } from './AdminTeamPage';

export default AdminTeamPage;
