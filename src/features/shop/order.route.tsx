import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { formAction } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import type { Route } from './+types/order.route';
import { OrderPage } from './OrderPage';
import { productOnSale } from './products-on-sale';
import { orderRequestSchema } from './schema';

await loadRoutePacks('shop', 'forms');

/** One product's order page (/uzsakymas/<id>): rendered for every product on sale. */
export function loader({ context, params }: Route.LoaderArgs) {
  return { product: productOnSale(context.get(siteContentContext), params.productId) ?? null };
}

/**
 * The order form's one server path (decision 0039): posted by the browser on this page
 * without scripts, by the order dialog's fetcher with them; on to the payment page.
 */
export const action = (args: Route.ActionArgs) => formAction(args, { schema: orderRequestSchema });
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);
export const shouldRevalidate = formShouldRevalidate;

export default function Page() {
  const { product } = useLoaderData<typeof loader>();
  return <OrderPage product={product} />;
}
