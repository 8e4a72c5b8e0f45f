import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { listPage } from '~/platform/content/paged-list';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { photosIn } from '~/platform/media/resolve';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import type { Route } from './+types/history.route';
import { HistoryPage } from './HistoryPage';
import { historyList } from './paging';
import { historyTexts } from './texts';

await loadRoutePacks('gallery');

/** One page of years (paging.ts): its texts, their formatted descriptions and photos. */
export function loader({ context, params }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const page = listPage(historyList, params.page, content);
  if (!page) return null;
  const { texts, rich } = pageTextsOf(content, historyTexts, {
    key: String(page.page),
    of: (all) => ({ ...all, years: all.years.slice(page.from, page.to) }),
  });
  return { texts, rich, photos: photosIn(texts, content.media), page };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFoundPage />;
  const { texts, rich, photos, page } = data;
  return (
    <PageTexts texts={texts} rich={rich}>
      <HistoryPage photos={photos} page={page} />
    </PageTexts>
  );
}
