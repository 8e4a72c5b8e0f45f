import { z } from 'zod';
import {
  emailField,
  formObject,
  optionalPhoneField,
  requiredText,
  withFormMeta,
} from '~/platform/forms/schema';

/** Subjects of the contact form; stored as `contacts.category`. */
export const CONTACT_SUBJECTS = ['participation', 'sponsorship', 'volunteers', 'general', 'other'] as const;

const key = (name: string) => `contactForm:validation.${name}`;

/** The contact form: used by the form's resolver and by POST /api/contact. */
export const contactSchema = formObject({
  name: requiredText(key('nameMin'), { min: 2, max: 100 }),
  email: emailField(key('emailInvalid')),
  phone: optionalPhoneField(key('phoneInvalid')),
  subject: z.enum(CONTACT_SUBJECTS, { error: key('subjectMin') }),
  message: requiredText(key('messageMin'), { min: 10, max: 5000, singleLine: false }),
});

export const contactRequestSchema = withFormMeta(contactSchema);

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
