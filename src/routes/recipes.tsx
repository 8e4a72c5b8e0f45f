import { RecipesPage } from '~/features/recipes/RecipesPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('recipes');

export default RecipesPage;
