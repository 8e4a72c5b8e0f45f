import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/zoline.route';
import { zolineTexts } from './texts';
import { ZolinePage } from './ZolinePage';

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), zolineTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ZolinePage />
    </PageTexts>
  );
}
