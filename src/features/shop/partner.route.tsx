import { siteContentContext } from '~/platform/content/context';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/partner.route';
import { partnerPageData, popularProducts, smokingCatalogue } from './products-on-sale';
import { useLoaderData } from 'react-router';
import { PartnerRoute } from './PartnerRoute';
import { PartnerPage } from './PartnerPage';

// The product cards' labels (the products themselves are content: products.ts).
await loadRoutePacks('partner');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  return { ...partnerPageData(content, popularProducts), catalogue: smokingCatalogue(content) };
}

export default function Page() {
  const { catalogue } = useLoaderData<typeof loader>();
  return (
    <PartnerRoute>
      <PartnerPage catalogue={catalogue} />
    </PartnerRoute>
  );
}
