import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/about.route';
import { aboutTexts } from './texts';
import { AboutPage } from './AboutPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), aboutTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AboutPage />
    </PageTexts>
  );
}
