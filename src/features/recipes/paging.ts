import { contentOf } from '~/platform/content/content-type';
import { definePagedList } from '~/platform/content/paged-list';
import { PATHS } from '~/platform/paths';
import { recipesTexts } from './texts';

/** The recipes page shows six recipes a page (each ~0.75 KB of HTML with its ingredients and steps). */
export const recipesList = definePagedList({
  path: PATHS.recipes,
  perPage: 6,
  count: (content) => contentOf(content, recipesTexts).recipes.length,
});
