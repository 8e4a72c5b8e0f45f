import { loadRoutePacks } from '~/i18n/i18n';
import { NotFoundPage } from '~/features/not-found/NotFoundPage';

await loadRoutePacks();

export default NotFoundPage;
