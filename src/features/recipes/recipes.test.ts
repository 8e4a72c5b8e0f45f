import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import initial from '@content/initial/page.recipes.json' with { type: 'json' };
import { validateContent } from '~/platform/content/validate';
import { DIFFICULTIES, difficultyBadgeVariant } from './recipes';
import { recipesTexts } from './texts';

type Content = typeof initial;
type RecipeEntry = Content['recipes'][number];

/** The first content with one recipe changed. */
const withRecipe = (index: number, change: Partial<RecipeEntry> | Record<string, unknown>): Content => ({
  ...initial,
  recipes: initial.recipes.map((recipe, i) => (i === index ? { ...recipe, ...change } : recipe)),
});

const problems = (content: unknown) => validateContent(recipesTexts, content).errors;

describe('recipes content', () => {
  it('the first content is valid for the page and has the six recipes of the spec, each once', () => {
    expect(validateContent(recipesTexts, initial)).toEqual({ errors: [], missing: [] });
    expect(initial.recipes.map((recipe) => recipe.id)).toEqual([
      'cepelinai',
      'cumberland-ale',
      'cabbage-rolls',
      'kugelis',
      'smoked-sausages',
      'potato-pancakes',
    ]);
  });

  it.each(initial.recipes.map((recipe) => [recipe.id, recipe] as const))(
    '%s is complete in lt and en',
    (_, recipe) => {
      for (const language of ['lt', 'en'] as const) {
        expect(recipe.title[language].trim()).not.toBe('');
        expect(recipe.description[language].trim()).not.toBe('');
        expect(recipe.tip[language].trim()).not.toBe('');
        // Each ingredient and step is one entry in both languages.
        for (const line of [...recipe.ingredients, ...recipe.steps])
          expect(line[language].trim()).not.toBe('');
      }
      expect(recipe.ingredients.length).toBeGreaterThanOrEqual(5);
      expect(recipe.steps.length).toBeGreaterThanOrEqual(5);
      expect(recipe.title.en).not.toBe(recipe.description.en);
    },
  );

  it('keeps ratings between 4.4 and 4.9 and sensible times and servings', () => {
    for (const recipe of initial.recipes) {
      expect(recipe.rating).toBeGreaterThanOrEqual(4.4);
      expect(recipe.rating).toBeLessThanOrEqual(4.9);
      expect(recipe.minutes).toBeGreaterThan(0);
      expect(recipe.peopleMin).toBeLessThanOrEqual(recipe.peopleMax);
    }
  });

  it('shows each recipe with a photo that came with the site', () => {
    for (const recipe of initial.recipes) {
      expect(recipe.image).toBe(`asset:recipes/${recipe.id}.webp`);
      expect(existsSync(`content/photos/recipes/${recipe.id}.webp`), recipe.id).toBe(true);
    }
  });

  it('refuses servings in the wrong order, a rating off the scale, odd numbers and a repeated anchor', () => {
    expect(problems(withRecipe(0, { peopleMin: 7, peopleMax: 6 }))).toEqual([
      { field: 'recipes.0.peopleMax', message: 'content:errors.peopleOrder' },
    ]);
    expect(problems(withRecipe(1, { rating: 5.5 }))).toEqual([
      { field: 'recipes.1.rating', message: 'content:errors.tooLarge' },
    ]);
    expect(problems(withRecipe(1, { rating: 4.75 }))).toEqual([
      { field: 'recipes.1.rating', message: 'content:errors.decimals' },
    ]);
    expect(problems(withRecipe(2, { minutes: 0 }))).toEqual([
      { field: 'recipes.2.minutes', message: 'content:errors.tooSmall' },
    ]);
    expect(problems(withRecipe(2, { peopleMin: 2.5 }))).toEqual([
      { field: 'recipes.2.peopleMin', message: 'content:errors.wholeNumber' },
    ]);
    expect(problems(withRecipe(3, { difficulty: 'extreme' }))).toEqual([
      { field: 'recipes.3.difficulty', message: 'content:errors.choice' },
    ]);
    expect(problems(withRecipe(4, { id: 'cepelinai' }))).toEqual([
      { field: 'recipes', message: 'content:errors.duplicate' },
    ]);
    expect(problems(withRecipe(4, { id: 'Not a slug' }))).toEqual([
      { field: 'recipes.4.id', message: 'content:errors.slug' },
    ]);
  });

  it('checks the order of servings even while a text is still missing (a draft)', () => {
    const draft = withRecipe(0, { peopleMin: 9, tip: { lt: '', en: 'Tip' } });
    expect(validateContent(recipesTexts, draft)).toEqual({
      errors: [{ field: 'recipes.0.peopleMax', message: 'content:errors.peopleOrder' }],
      missing: [{ field: 'recipes.0.tip.lt', message: 'content:errors.required' }],
    });
  });

  it('labels every difficulty in both languages and maps it to the spec badge style', () => {
    expect(difficultyBadgeVariant('easy')).toBe('default');
    expect(difficultyBadgeVariant('medium')).toBe('secondary');
    expect(difficultyBadgeVariant('hard')).toBe('destructive');
    expect(initial.difficulty).toMatchObject({
      easy: { lt: 'Lengva', en: 'Easy' },
      medium: { lt: 'Vidutinė', en: 'Medium' },
    });
    for (const difficulty of DIFFICULTIES) {
      expect(initial.difficulty[difficulty].lt).toBeTruthy();
      expect(initial.difficulty[difficulty].en).toBeTruthy();
    }
  });
});
