import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { listPage } from '~/platform/content/paged-list';
import { PageTexts } from '~/platform/content/PageTexts';
import { photosIn } from '~/platform/media/resolve';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import type { Route } from './+types/recipes.route';
import { recipesList } from './paging';
import { recipesTexts } from './texts';
import { RecipesPage } from './RecipesPage';

/** One page of recipes (paging.ts): the page's texts with its recipes, and their photos. */
export function loader({ context, params }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const page = listPage(recipesList, params.page, content);
  if (!page) return null;
  const all = contentOf(content, recipesTexts);
  const texts = { ...all, recipes: all.recipes.slice(page.from, page.to) };
  return { texts, photos: photosIn(texts, content.media), page };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (!data) return <NotFoundPage />;
  const { texts, photos, page } = data;
  return (
    <PageTexts texts={texts}>
      <RecipesPage photos={photos} page={page} />
    </PageTexts>
  );
}
