import { HistoryPage } from './HistoryPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('history', 'gallery');

export default HistoryPage;
