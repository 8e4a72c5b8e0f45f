import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import type { Route } from './+types/about.route';
import { aboutTexts } from './texts';
import { AboutPage } from './AboutPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { photosIn } from '~/platform/media/resolve';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const { texts, rich } = pageTextsOf(content, aboutTexts);
  return { texts, rich, photos: photosIn(texts, content.media) };
}

export default function Page() {
  const { texts, rich, photos } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <AboutPage photos={photos} />
    </PageTexts>
  );
}
