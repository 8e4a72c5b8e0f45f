import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { photosIn } from '~/platform/media/resolve';
import type { Route } from './+types/home.route';
import { HomePage } from './HomePage';
import { homeTexts } from './texts';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const texts = contentOf(content, homeTexts);
  return { texts, photos: photosIn(texts, content.media) };
}

export default function Home() {
  const { texts, photos } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <HomePage photos={photos} />
    </PageTexts>
  );
}
