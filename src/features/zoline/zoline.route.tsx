import { ZolinePage } from './ZolinePage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('zoline');

export default ZolinePage;
