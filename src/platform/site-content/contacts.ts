import { z } from 'zod';
import { defineContentType } from '~/platform/content/content-type';
import { email, localized, phone, url } from '~/platform/content/fields';
import { PATHS } from '~/platform/paths';

/**
 * How to reach the organisers, shown in the footer, on the contacts page, in e-mails and in
 * the forms' e-mail fallback; and who they are (the privacy notice names them).
 */
export const contactsContent = defineContentType({
  id: 'contacts',
  label: 'content:types.contacts',
  pages: [PATHS.contacts, PATHS.home],
  schema: z.strictObject({
    organisation: localized({ label: 'content:contacts.organisation' }),
    email: email({ label: 'content:contacts.email' }),
    phone: phone({ label: 'content:contacts.phone' }),
    whatsapp: phone({ label: 'content:contacts.whatsapp', help: 'content:contacts.whatsappHelp' }),
    facebook: url({ label: 'content:contacts.facebook' }),
    instagram: url({ label: 'content:contacts.instagram' }),
    website: url({ label: 'content:contacts.website' }),
  }),
});

export type SiteContacts = z.output<typeof contactsContent.schema>;
