import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/partner-charcoal.route';
import { charcoalProduct, partnerPageData } from './products-on-sale';
import { PartnerRoute } from './PartnerRoute';
import { PartnerCharcoalPage } from './PartnerCharcoalPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

export function loader({ context }: Route.LoaderArgs) {
  return partnerPageData(context.get(siteContentContext), charcoalProduct);
}

export default function Page() {
  return (
    <PartnerRoute>
      <PartnerCharcoalPage />
    </PartnerRoute>
  );
}
