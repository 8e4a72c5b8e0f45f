import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/partner-products.route';
import { partnerTexts } from './texts';
import { PartnerProductsPage } from './PartnerProductsPage';

// The product cards' labels (the partner's catalogue data is in code: productDisplay.ts).
await loadRoutePacks('partner');

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), partnerTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <PartnerProductsPage />
    </PageTexts>
  );
}
