import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import type { Route } from './+types/about.route';
import { aboutTexts } from './texts';
import { AboutPage } from './AboutPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  return pageTextsOf(context.get(siteContentContext), aboutTexts);
}

export default function Page() {
  const { texts, rich } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <AboutPage />
    </PageTexts>
  );
}
