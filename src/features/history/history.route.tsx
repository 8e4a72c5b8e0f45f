import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { photosIn } from '~/platform/media/resolve';
import type { Route } from './+types/history.route';
import { HistoryPage } from './HistoryPage';
import { historyTexts } from './texts';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const { texts, rich } = pageTextsOf(content, historyTexts);
  return { texts, rich, photos: photosIn(texts, content.media) };
}

export default function Page() {
  const { texts, rich, photos } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <HistoryPage photos={photos} />
    </PageTexts>
  );
}
