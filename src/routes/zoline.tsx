import { ZolinePage } from '~/features/zoline/ZolinePage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('zoline');

export default ZolinePage;
