import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { contactMails } from '~/platform/mail/form-mails.server';
import { contactRequestSchema } from './schema';

/** POST /api/contact: stores a contact message (status 'new') and queues its two e-mails. */
export const contactFormRoutes = formPlugin({
  url: '/contact',
  table: 'contacts',
  schema: contactRequestSchema,
  save: async (trx, data, ctx) => {
    const { id } = await trx
      .insertInto('contacts')
      .values({
        name: data.name,
        email: data.email,
        phone: data.phone ?? null,
        category: data.subject,
        message: data.message,
        language: data.language,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, mails: contactMails(data, ctx.config) };
  },
});
