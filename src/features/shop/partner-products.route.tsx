import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { listPage } from '~/platform/content/paged-list';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import type { Route } from './+types/partner-products.route';
import { productsList } from './paging';
import { productsPage } from './products-on-sale';
import { PartnerRoute } from './PartnerRoute';
import { PartnerProductsPage } from './PartnerProductsPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

/** One page of the products (products-on-sale.ts: productsList). */
export function loader({ context, params }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const page = listPage(productsList, params.page, content);
  return page ? productsPage(content, page) : null;
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFoundPage />;
  return (
    <PartnerRoute>
      <PartnerProductsPage page={data.page} details={data.details} />
    </PartnerRoute>
  );
}
