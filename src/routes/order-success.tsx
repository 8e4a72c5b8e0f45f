import { OrderSuccessPage } from '~/features/shop/OrderSuccessPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('shop');

export default OrderSuccessPage;
