import { OrganizersPage } from './OrganizersPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('organizers');

export default OrganizersPage;
