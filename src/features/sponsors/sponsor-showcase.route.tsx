import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/sponsor-showcase.route';
import { showcaseTexts } from './texts';
import { SponsorShowcasePage } from './SponsorShowcasePage';

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), showcaseTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <SponsorShowcasePage />
    </PageTexts>
  );
}
