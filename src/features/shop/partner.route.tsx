import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/partner.route';
import { partnerPageData } from './products-on-sale';
import { PartnerRoute } from './PartnerRoute';
import { PartnerPage } from './PartnerPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

export function loader({ context }: Route.LoaderArgs) {
  return partnerPageData(context.get(siteContentContext));
}

export default function Page() {
  return (
    <PartnerRoute>
      <PartnerPage />
    </PartnerRoute>
  );
}
