import { describe, expect, it } from 'vitest';
import texts from '@content/initial/page.recipes.json' with { type: 'json' };
import { difficultyBadgeVariant, RECIPES, recipeImage } from './recipes';

describe('recipe data', () => {
  it('has the six recipes of the spec, each once', () => {
    expect(RECIPES.map((recipe) => recipe.id)).toEqual([
      'cepelinai',
      'cumberland-ale',
      'cabbage-rolls',
      'kugelis',
      'smoked-sausages',
      'potato-pancakes',
    ]);
  });

  it.each(RECIPES.map((recipe) => [recipe.id, recipe] as const))(
    '%s is complete in lt and en',
    (_, recipe) => {
      for (const language of ['lt', 'en'] as const) {
        expect(recipe.title[language].trim()).not.toBe('');
        expect(recipe.description[language].trim()).not.toBe('');
        expect(recipe.tip[language].trim()).not.toBe('');
        expect(recipe.ingredients[language].length).toBeGreaterThanOrEqual(5);
        expect(recipe.steps[language].length).toBeGreaterThanOrEqual(5);
        for (const line of [...recipe.ingredients[language], ...recipe.steps[language]]) {
          expect(line.trim()).not.toBe('');
        }
      }
      // Both languages describe the same recipe: same number of ingredients and steps.
      expect(recipe.ingredients.en).toHaveLength(recipe.ingredients.lt.length);
      expect(recipe.steps.en).toHaveLength(recipe.steps.lt.length);
      expect(recipe.title.en).not.toBe(recipe.description.en);
    },
  );

  it('keeps ratings between 4.4 and 4.9 and sensible times and servings', () => {
    for (const recipe of RECIPES) {
      expect(recipe.rating).toBeGreaterThanOrEqual(4.4);
      expect(recipe.rating).toBeLessThanOrEqual(4.9);
      expect(recipe.minutes).toBeGreaterThan(0);
      expect(recipe.people[0]).toBeLessThanOrEqual(recipe.people[1]);
    }
  });

  it('has an image at two widths for every recipe', () => {
    for (const recipe of RECIPES) {
      const image = recipeImage(recipe.id);
      expect(image, recipe.id).toBeDefined();
      expect(image!.srcSet).toMatch(/ 400w, .+ 800w$/);
      expect(image!.width).toBe(800);
      expect(image!.height).toBe(600);
    }
  });

  it('labels every difficulty in both packs and maps it to the spec badge style', () => {
    expect(difficultyBadgeVariant('easy')).toBe('default');
    expect(difficultyBadgeVariant('medium')).toBe('secondary');
    expect(difficultyBadgeVariant('hard')).toBe('destructive');
    expect(texts.difficulty).toMatchObject({
      easy: { lt: 'Lengva', en: 'Easy' },
      medium: { lt: 'Vidutinė', en: 'Medium' },
    });
    for (const recipe of RECIPES) {
      expect(texts.difficulty[recipe.difficulty].lt).toBeTruthy();
      expect(texts.difficulty[recipe.difficulty].en).toBeTruthy();
    }
  });
});
