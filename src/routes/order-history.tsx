import { OrderHistoryPage } from '~/features/shop/OrderHistoryPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('shop');

export default OrderHistoryPage;
