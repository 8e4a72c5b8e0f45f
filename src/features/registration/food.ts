import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { requireAdmin } from '~/platform/admin/context';
import { chosenEdition } from '~/platform/admin/edition';
import { endpoint } from '~/platform/http/api';
import { DIET_NAMES } from './schema';

/**
 * The food counts of an edition (issue 47): how many portions of each special diet, adults and
 * children, competitors and those bringing a dish, as expected (registered: the waiting list
 * and cancelled ones not included) and as arrived (checked in at the gate), and the food to
 * buy at the organisers' amount per person. Counted by food.server.ts into the registration
 * section's dashboard numbers, so the food page, its CSV and the dashboard read one query.
 */
export const FOOD_ROWS = [
  'people',
  'adults',
  'children',
  ...DIET_NAMES,
  'noSpecialDiet',
  'competitors',
  'bringDish',
] as const;
export type FoodRow = (typeof FOOD_ROWS)[number];

export const FOOD_COLUMNS = ['expected', 'arrived'] as const;
export type FoodColumn = (typeof FOOD_COLUMNS)[number];

/** A food number's key among the registration section's dashboard numbers. */
export const foodKey = (column: FoodColumn, row: FoodRow) => `food.${column}.${row}`;
/** The edition's amount of food per person, in grams, among the same numbers. */
export const FOOD_GRAMS_KEY = 'food.gramsPerPerson';
/** The 2025 weekend: about 60 kg of food for about 100 people. */
export const DEFAULT_GRAMS_PER_PERSON = 600;

/** Food to buy for `people` at `grams` each, in kilograms (one decimal). */
export const foodKg = (people: number, grams: number) => Math.round((people * grams) / 100) / 10;

export const FOOD_ENDPOINTS = {
  /** PUT { edition, kgPerPerson }: the edition's amount of food per person (audited). */
  settings: endpoint('/api/admin/registrations/food'),
  /** GET ?edition=&lang=: the counts as CSV, no name nor address in it. */
  csv: endpoint('/api/admin/registrations/food.csv'),
};

export const foodSettingsSchema = z.strictObject({
  edition: z.number().int().min(1).max(999_999),
  kgPerPerson: z
    .number({ error: 'admin:food.errors.kgPerPerson' })
    .min(0, 'admin:food.errors.kgPerPerson')
    .max(5, 'admin:food.errors.kgPerPerson'),
});

/** The food page's loader (decision 0052): the edition in the address, its numbers. */
export async function loadFood(context: Readonly<RouterContextProvider>, request: Request) {
  const { admin, reads } = requireAdmin(context);
  const choices = await reads.editions();
  const edition = chosenEdition(choices, new URL(request.url).searchParams);
  const stats = await reads.stats(edition);
  return { admin, choices, edition, numbers: stats.registration ?? {} };
}

export type FoodData = Awaited<ReturnType<typeof loadFood>>;
