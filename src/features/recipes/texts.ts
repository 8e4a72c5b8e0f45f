import recipesTextsInitial from '@content/initial/page.recipes.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of recipes (content the organisers edit). */
export const recipesTexts = definePageTexts('page.recipes', recipesTextsInitial, [PATHS.recipes]);
