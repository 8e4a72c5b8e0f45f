import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/order.route';
import { OrderPage } from './OrderPage';
import { productsOnSale } from './products-on-sale';

await loadRoutePacks('shop', 'forms');

/** One product's order page (/uzsakymas/<id>): rendered for every product on sale. */
export function loader({ context, params }: Route.LoaderArgs) {
  const product = productsOnSale(context.get(siteContentContext)).find(
    (item) => item.id === params.productId,
  );
  return { product: product ?? null };
}

export default function Page() {
  const { product } = useLoaderData<typeof loader>();
  return <OrderPage product={product} />;
}
