import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { photosIn } from '~/platform/media/resolve';
import type { Route } from './+types/recipes.route';
import { recipesTexts } from './texts';
import { RecipesPage } from './RecipesPage';

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const texts = contentOf(content, recipesTexts);
  return { texts, photos: photosIn(texts, content.media) };
}

export default function Page() {
  const { texts, photos } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RecipesPage photos={photos} />
    </PageTexts>
  );
}
