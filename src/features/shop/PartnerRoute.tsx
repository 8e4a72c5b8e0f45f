import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { PageTexts } from '~/platform/content/PageTexts';
import type { partnerPageData } from './products-on-sale';
import { ShopProducts } from './ShopProducts';

/** A partner page with its texts and the products it shows (its loader: partnerPageData). */
export function PartnerRoute({ children }: { children: ReactNode }) {
  const { texts, products, spicePrice } = useLoaderData<ReturnType<typeof partnerPageData>>();
  return (
    <PageTexts texts={texts}>
      <ShopProducts products={products} spicePrice={spicePrice}>
        {children}
      </ShopProducts>
    </PageTexts>
  );
}
