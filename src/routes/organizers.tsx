import { OrganizersPage } from '~/features/organizers/OrganizersPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('organizers');

export default OrganizersPage;
