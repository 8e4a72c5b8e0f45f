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

const key = (name: string) => `registration:validation.${name}`;

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

/**
 * Dietary or accessibility needs are kept only with their own, explicit consent (the form's
 * rule, and the private link's when they are corrected).
 */
export function healthDetailsNeedConsent(
  data: { dietaryNeeds?: string; accessibilityNeeds?: string; healthConsent: boolean },
  ctx: z.RefinementCtx,
) {
  if ((data.dietaryNeeds || data.accessibilityNeeds) && !data.healthConsent)
    ctx.addIssue({ code: 'custom', path: ['healthConsent'], message: key('healthConsent') });
}

/** The participant registration form: used by the form's resolver and by POST /api/registrations. */
export const registrationSchema = registrationFields.superRefine(healthDetailsNeedConsent);

export const registrationRequestSchema =
  withFormMeta(registrationFields).superRefine(healthDetailsNeedConsent);

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
export type RegistrationRequest = z.output<typeof registrationRequestSchema>;

/** Accepting an offered place: the token from the e-mailed link (the page's form posts it). */
export const offerAcceptSchema = withFormMeta(formObject({ token: z.string().trim().min(10).max(100) }));
