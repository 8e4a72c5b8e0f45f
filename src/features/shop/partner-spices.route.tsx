import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/partner-spices.route';
import { partnerTexts } from './texts';
import { productsOnSale } from './products-on-sale';
import { ShopProducts } from './ShopProducts';
import { PartnerSpicesPage } from './PartnerSpicesPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  return { texts: contentOf(content, partnerTexts), products: productsOnSale(content) };
}

export default function Page() {
  const { texts, products } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ShopProducts products={products}>
        <PartnerSpicesPage />
      </ShopProducts>
    </PageTexts>
  );
}
