import { RecipesPage } from './RecipesPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('recipes');

export default RecipesPage;
