import { loadRoutePacks } from '~/platform/i18n/i18n';
import { NotFoundPage } from './NotFoundPage';

await loadRoutePacks();

export default NotFoundPage;
