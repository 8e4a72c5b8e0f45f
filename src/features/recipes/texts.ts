import recipesTextsInitial from '@content/initial/page.recipes.json' with { type: 'json' };
import { choice, image, number, slug } from '~/platform/content/fields';
import { definePageTexts, inOrder } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';
import { DIFFICULTIES } from './recipes';

/**
 * The recipes page: its texts and the recipes themselves (each with its anchor on the page,
 * difficulty, rating, time, servings, photo, ingredients and steps in both languages).
 */
export const recipesTexts = definePageTexts(
  'page.recipes',
  recipesTextsInitial,
  [PATHS.recipes],
  {
    // The anchor of the recipe on the page (/maistas#cepelinai).
    'recipes.id': (meta) => slug(meta),
    'recipes.difficulty': (meta) => choice({ ...meta, options: DIFFICULTIES }),
    'recipes.rating': (meta) => number({ ...meta, min: 1, max: 5, decimals: 1 }),
    'recipes.minutes': (meta) => number({ ...meta, min: 1, max: 24 * 60, decimals: 0 }),
    'recipes.peopleMin': (meta) => number({ ...meta, min: 1, max: 500, decimals: 0 }),
    'recipes.peopleMax': (meta) => number({ ...meta, min: 1, max: 500, decimals: 0 }),
    'recipes.image': (meta) => image(meta),
  },
  [inOrder('peopleMin', 'peopleMax', 'content:errors.peopleOrder')],
);
