import { z } from 'zod';

/**
 * Zod schemas shared by the admin forms and the admin API. Error messages are keys of the
 * `admin` language pack (`form.errors.*`), translated by the form. A required text names its
 * message for a missing value too: conform reads an empty field as missing (decision 0051).
 */
const MIN_PASSWORD_LENGTH = 12;

export const emailSchema = z
  .string({ error: 'admin:form.errors.emailRequired' })
  .trim()
  .min(1, 'admin:form.errors.emailRequired')
  .max(254)
  .pipe(z.email('admin:form.errors.emailInvalid'));

const email = emailSchema;

/** The password rules of every password an admin chooses (setup, invitation, change). */
export const passwordSchema = z
  .string({ error: 'admin:form.errors.passwordMin' })
  .min(MIN_PASSWORD_LENGTH, 'admin:form.errors.passwordMin')
  .max(200, 'admin:form.errors.passwordLong');

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'admin:form.errors.passwordRequired' })
    .min(1, 'admin:form.errors.passwordRequired')
    .max(200, 'admin:form.errors.passwordLong'),
});

export const setupSchema = z.object({
  token: z
    .string({ error: 'admin:form.errors.tokenRequired' })
    .trim()
    .min(1, 'admin:form.errors.tokenRequired')
    .max(200),
  firstName: z
    .string({ error: 'admin:form.errors.nameMin' })
    .trim()
    .min(2, 'admin:form.errors.nameMin')
    .max(100, 'admin:form.errors.nameLong'),
  email,
  password: passwordSchema,
});
