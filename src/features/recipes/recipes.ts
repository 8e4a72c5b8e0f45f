/** Difficulty of a recipe; the page's texts label each (Lengva / Vidutinė / Sudėtinga). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * A recipe as the page reads it from its texts (content/initial/page.recipes.json,
 * `recipes`), every text in the page's language.
 */
export interface Recipe {
  /** The anchor on /maistas (#cepelinai). */
  id: string;
  difficulty: Difficulty;
  /** Average visitor rating, 1–5 with one decimal. */
  rating: number;
  minutes: number;
  peopleMin: number;
  peopleMax: number;
  /** A photo: 'asset:recipes/<id>.webp' (came with the site) or an uploaded one's id. */
  image: string;
  title: string;
  description: string;
  ingredients: string[];
  steps: string[];
  tip: string;
}

/** Badge style per difficulty: easy = default, medium = secondary, anything else = destructive. */
export function difficultyBadgeVariant(difficulty: Difficulty): 'default' | 'secondary' | 'destructive' {
  if (difficulty === 'easy') return 'default';
  if (difficulty === 'medium') return 'secondary';
  return 'destructive';
}
