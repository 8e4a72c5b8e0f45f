import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function RecipesPage() {
  return <PlaceholderPage ns="recipes" />;
}
