import { z } from 'zod';
import type { Translate } from '~/platform/forms/details';
import {
  choiceList,
  emailField,
  formObject,
  optionalPhoneField,
  optionalText,
  requiredText,
  withFormMeta,
} from '~/platform/forms/schema';

export const SPONSORSHIP_LEVELS = ['platinum', 'gold', 'silver', 'bronze', 'custom'] as const;

export const SPONSORSHIP_TYPES = [
  'logo',
  'product_demo',
  'event_naming',
  'social_media',
  'food',
  'prizes',
] as const;

export const BUDGET_RANGES = ['0-500', '500-1000', '1000-2500', '2500+', 'discuss'] as const;
type BudgetRange = (typeof BUDGET_RANGES)[number];

/** Each budget choice's bounds in pence, for its label (`form.budgetRange.options.*`). */
const BUDGET_BOUNDS: Record<BudgetRange, { from?: number; to?: number }> = {
  '0-500': { to: 50_000 },
  '500-1000': { from: 50_000, to: 100_000 },
  '1000-2500': { from: 100_000, to: 250_000 },
  '2500+': { from: 250_000 },
  discuss: {},
};

/** A stored budget choice as the reader's words, the amounts through the one money format. */
export function budgetRangeLabel(range: string, t: Translate): string {
  const bounds = BUDGET_BOUNDS[range as BudgetRange];
  return bounds ? t(`sponsorApplication:form.budgetRange.options.${range}`, bounds) : range;
}

const key = (name: string) => `sponsorApplication:validation.${name}`;

/** 'example.lt' and 'https://example.lt/' both mean a web site; we store it with its scheme. */
function normaliseWebsite(value: string): string | null {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const websiteField = z
  .string({ error: key('websiteInvalid') })
  .trim()
  .max(200, key('websiteInvalid'))
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const url = normaliseWebsite(value);
    if (url) return url;
    ctx.addIssue({ code: 'custom', message: key('websiteInvalid') });
    return z.NEVER;
  });

/** The sponsor application: used by the form's resolver and by POST /api/sponsor-applications. */
export const sponsorApplicationSchema = formObject({
  companyName: requiredText(key('companyNameMin'), { min: 2, max: 120 }),
  contactPerson: requiredText(key('contactPersonMin'), { min: 2, max: 100 }),
  email: emailField(key('emailInvalid')),
  phone: optionalPhoneField(key('phoneInvalid')),
  website: websiteField,
  sponsorshipLevel: z.enum(SPONSORSHIP_LEVELS, { error: key('levelRequired') }),
  sponsorshipTypes: choiceList(SPONSORSHIP_TYPES, key('typesRequired')),
  budgetRange: z.enum(BUDGET_RANGES, { error: key('budgetRequired') }),
  message: optionalText(5000),
});

export const sponsorApplicationRequestSchema = withFormMeta(sponsorApplicationSchema);

export type SponsorApplicationInput = z.input<typeof sponsorApplicationSchema>;
export type SponsorApplication = z.output<typeof sponsorApplicationSchema>;
export type SponsorApplicationRequest = z.output<typeof sponsorApplicationRequestSchema>;
