import { HistoryPage } from '~/features/history/HistoryPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('history', 'gallery');

export default HistoryPage;
