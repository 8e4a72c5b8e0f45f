import { OrderSuccessPage } from './OrderSuccessPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { privateLinkLoader } from '~/platform/render/private-link';
import type { Route } from './+types/order-success.route';
import type { OrderPageData } from './order-view';

await loadRoutePacks('shop');

/**
 * The order the server read for the token in the address (issue 34: drawn in the HTML, no
 * script needed), or null when the page is rendered without one.
 */
export const loader = ({ context }: Route.LoaderArgs) => privateLinkLoader<OrderPageData>(context);

export default OrderSuccessPage;
