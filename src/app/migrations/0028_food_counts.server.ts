import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// The food counts (issue 47): how many of a registration's party keep each special diet
// (features/registration/schema.ts, DIETS), 0 for a registration sent before they were asked:
// its free-text dietary needs stay as they were. And how much food one person eats, per
// edition, for the organisers' estimate (in grams; none stored: 600, from the 2025 weekend,
// about 60 kg for about 100 people).
const up = [
  `alter table registrations
     add column diet_vegetarian smallint not null default 0 check (diet_vegetarian >= 0),
     add column diet_vegan smallint not null default 0 check (diet_vegan >= 0),
     add column diet_halal smallint not null default 0 check (diet_halal >= 0),
     add column diet_no_pork smallint not null default 0 check (diet_no_pork >= 0),
     add column diet_gluten_free smallint not null default 0 check (diet_gluten_free >= 0),
     add column diet_allergy smallint not null default 0 check (diet_allergy >= 0)`,
  `create table food_settings (
     edition integer primary key,
     grams_per_person integer not null check (grams_per_person between 0 and 5000),
     updated_at timestamptz not null default now()
   )`,
];

export const foodCounts: Migration = {
  up: (db) => runStatements(db, up),
};
