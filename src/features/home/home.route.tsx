import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/home.route';
import { HomePage } from './HomePage';
import { homeTexts } from './texts';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), homeTexts) };
}

export default function Home() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <HomePage />
    </PageTexts>
  );
}
