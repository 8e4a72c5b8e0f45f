import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { formAction } from '~/platform/forms/action.server';
import type { Route } from './+types/order.route';
import { OrderPage } from './OrderPage';
import { productsOnSale } from './products-on-sale';
import { orderRequestSchema } from './schema';

await loadRoutePacks('shop', 'forms');

/** One product's order page (/uzsakymas/<id>): rendered for every product on sale. */
export function loader({ context, params }: Route.LoaderArgs) {
  const product = productsOnSale(context.get(siteContentContext)).find(
    (item) => item.id === params.productId,
  );
  return { product: product ?? null };
}

/**
 * The order form posted without scripts (decision 0039): on to the payment page. With
 * scripts the form sends JSON to the API, which answers with the order's token too.
 */
export const action = (args: Route.ActionArgs) => formAction(args, { schema: orderRequestSchema });

export default function Page() {
  const { product } = useLoaderData<typeof loader>();
  return <OrderPage product={product} />;
}
