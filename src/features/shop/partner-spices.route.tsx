import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { listPage } from '~/platform/content/paged-list';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import type { Route } from './+types/partner-spices.route';
import { spicesList } from './paging';
import { spicesPage } from './products-on-sale';
import { PartnerRoute } from './PartnerRoute';
import { PartnerSpicesPage } from './PartnerSpicesPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

/** One page of the spices (products-on-sale.ts: spicesList). */
export function loader({ context, params }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const page = listPage(spicesList, params.page, content);
  return page ? spicesPage(content, page) : null;
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFoundPage />;
  return (
    <PartnerRoute>
      <PartnerSpicesPage page={data.page} />
    </PartnerRoute>
  );
}
