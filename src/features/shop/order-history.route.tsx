import { OrderHistoryPage } from './OrderHistoryPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('shop');

export default OrderHistoryPage;
