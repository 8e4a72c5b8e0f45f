import { z } from 'zod';

/**
 * Zod schemas shared by the admin forms and the admin API. Error messages are keys of the
 * `admin` language pack (`form.errors.*`), translated by the form.
 */
export const MIN_PASSWORD_LENGTH = 12;

const email = z
  .string()
  .trim()
  .min(1, 'form.errors.emailRequired')
  .max(254)
  .pipe(z.email('form.errors.emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'form.errors.passwordRequired').max(200, 'form.errors.passwordLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const setupSchema = z.object({
  token: z.string().trim().min(1, 'form.errors.tokenRequired').max(200),
  firstName: z.string().trim().min(2, 'form.errors.nameMin').max(100, 'form.errors.nameLong'),
  email,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'form.errors.passwordMin')
    .max(200, 'form.errors.passwordLong'),
});
export type SetupInput = z.infer<typeof setupSchema>;

export const MEMBERSHIP_STATUSES = ['new', 'paid', 'resolved'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Pounds as typed by a person ("25", "12.5", "12,50") → integer pence. */
export const poundsToPence = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

export const membershipSchema = z.object({
  communityName: z.string().trim().min(2, 'form.errors.communityMin').max(200, 'form.errors.textLong'),
  membershipType: z.string().trim().min(2, 'form.errors.typeMin').max(100, 'form.errors.textLong'),
  paymentAmount: z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'form.errors.amountInvalid'),
  status: z.enum(MEMBERSHIP_STATUSES, 'form.errors.statusRequired'),
});
export type MembershipInput = z.input<typeof membershipSchema>;

/** Query of every admin list: page number, one search text, one filter value. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(100).default(''),
  status: z.string().trim().max(40).default(''),
  lang: z.enum(['lt', 'en']).default('lt'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const PAGE_SIZE = 20;
