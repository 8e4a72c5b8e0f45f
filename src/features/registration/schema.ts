import { z } from 'zod';
import {
  choiceList,
  emailField,
  formObject,
  optionalText,
  phoneField,
  requiredText,
  withFormMeta,
} from '~/platform/forms/schema';

export const PARTICIPATION_TYPES = [
  'compete',
  'bring_dish',
  'participate',
  'help_organise',
  'music',
  'childcare',
  'photography',
] as const;
export type ParticipationType = (typeof PARTICIPATION_TYPES)[number];

export const CAMPING_OPTIONS = ['tent', 'day_only', 'nearby'] as const;
export type CampingOption = (typeof CAMPING_OPTIONS)[number];

export const MAX_GROUP = 30;

/**
 * The special diets the form counts per party (issue 47: the food counts); everyone else in
 * the party eats anything. The form's field and the table's column of each.
 */
export const DIETS = {
  vegetarian: { field: 'dietVegetarian', column: 'diet_vegetarian' },
  vegan: { field: 'dietVegan', column: 'diet_vegan' },
  halal: { field: 'dietHalal', column: 'diet_halal' },
  noPork: { field: 'dietNoPork', column: 'diet_no_pork' },
  glutenFree: { field: 'dietGlutenFree', column: 'diet_gluten_free' },
  allergy: { field: 'dietAllergy', column: 'diet_allergy' },
} as const;
export type Diet = keyof typeof DIETS;
export const DIET_NAMES = Object.keys(DIETS) as Diet[];
export type DietField = (typeof DIETS)[Diet]['field'];
export type DietColumn = (typeof DIETS)[Diet]['column'];

const key = (name: string) => `registration:validation.${name}`;

/** A registration's diet counts as the table's columns. */
export const dietColumns = (data: Partial<Record<DietField, number>>) =>
  Object.fromEntries(DIET_NAMES.map((diet) => [DIETS[diet].column, data[DIETS[diet].field] ?? 0])) as Record<
    DietColumn,
    number
  >;

/** A stored registration's diet counts as the form's fields. */
export const dietFields = (row: Partial<Record<DietColumn, number>>) =>
  Object.fromEntries(
    DIET_NAMES.map((diet) => [DIETS[diet].field, Number(row[DIETS[diet].column] ?? 0)]),
  ) as Record<DietField, number>;

/** How many of the party keep one diet: none by default (a form sent before diets were asked). */
const dietCount = z
  .number({ error: key('dietRange') })
  .int(key('dietRange'))
  .min(0, key('dietRange'))
  .max(2 * MAX_GROUP, key('dietRange'))
  .default(0);

export const registrationFields = formObject({
  firstName: requiredText(key('firstNameMin'), { min: 2, max: 80 }),
  lastName: requiredText(key('lastNameMin'), { min: 2, max: 80 }),
  email: emailField(key('emailInvalid')),
  phone: phoneField(key('phoneMin'), key('phoneInvalid')),
  participationType: choiceList(PARTICIPATION_TYPES, key('participationTypeRequired')),
  camping: z.enum(CAMPING_OPTIONS, { error: key('campingRequired') }),
  adults: z
    .number({ error: key('adultsRange') })
    .int(key('adultsRange'))
    .min(1, key('adultsRange'))
    .max(MAX_GROUP, key('adultsRange')),
  children: z
    .number({ error: key('childrenRange') })
    .int(key('childrenRange'))
    .min(0, key('childrenRange'))
    .max(MAX_GROUP, key('childrenRange')),
  dietVegetarian: dietCount,
  dietVegan: dietCount,
  dietHalal: dietCount,
  dietNoPork: dietCount,
  dietGlutenFree: dietCount,
  dietAllergy: dietCount,
  dietaryNeeds: optionalText(500),
  accessibilityNeeds: optionalText(500),
  notes: optionalText(2000),
  agreedToRules: z.literal(true, { error: key('agreedToRules') }),
  /** Consent to use the details to organise the event (the privacy notice's lawful basis). */
  dataConsent: z.literal(true, { error: key('dataConsent') }),
  /** Explicit consent for dietary and accessibility needs (they may reveal health data). */
  // Unticked is no consent (a form posted without scripts leaves it out).
  healthConsent: z.boolean({ error: key('healthConsent') }).default(false),
});

type NeedsValues = {
  dietaryNeeds?: string;
  accessibilityNeeds?: string;
  healthConsent: boolean;
  adults?: number;
  children?: number;
} & Partial<Record<DietField, number>>;

/**
 * Dietary or accessibility needs, special diets among them (halal or no pork may say what one
 * believes), are kept only with their own, explicit consent; no diet is kept by more people
 * than the party has (the form's rules, and the private link's when they are corrected).
 */
export function needsRules(data: NeedsValues, ctx: z.RefinementCtx) {
  const diets = DIET_NAMES.map((diet) => ({ field: DIETS[diet].field, count: data[DIETS[diet].field] ?? 0 }));
  if ((data.dietaryNeeds || data.accessibilityNeeds || diets.some((d) => d.count > 0)) && !data.healthConsent)
    ctx.addIssue({ code: 'custom', path: ['healthConsent'], message: key('healthConsent') });
  const party = (data.adults ?? 0) + (data.children ?? 0);
  for (const { field, count } of diets)
    if (count > party) ctx.addIssue({ code: 'custom', path: [field], message: key('dietMoreThanParty') });
}

/** The participant registration form: used by the form's resolver and by POST /api/registrations. */
export const registrationSchema = registrationFields.superRefine(needsRules);

export const registrationRequestSchema = withFormMeta(registrationFields).superRefine(needsRules);

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
export type RegistrationRequest = z.output<typeof registrationRequestSchema>;

/** Accepting an offered place: the token from the e-mailed link (the page's form posts it). */
export const offerAcceptSchema = withFormMeta(formObject({ token: z.string().trim().min(10).max(100) }));
