import { contactSelfService } from './self-service.server';
import type { ServerFeature } from '~/platform/feature.server';
import { contactAdmin } from './admin.server';
import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { CONTACT_ENDPOINT } from './api';
import { PATHS } from '~/platform/paths';
import { contactMails } from './mail.server';
import { contactRequestSchema } from './schema';

/** POST /api/contact: stores a contact message (status 'new') and queues its two e-mails. */
const contactFormRoutes = formPlugin({
  endpoint: CONTACT_ENDPOINT,
  table: 'contacts',
  schema: contactRequestSchema,
  selfService: { table: 'contacts', email: (data) => data.email },
  page: PATHS.contacts,
  save: async (trx, data, ctx, { manageUrl }) => {
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
    return { id, mails: contactMails(data, ctx.config, manageUrl) };
  },
});

export const contactFeature: ServerFeature = {
  name: 'contact',
  routes: contactFormRoutes,
  admin: contactAdmin,
  personalData: [
    {
      table: 'contacts',
      auditEntity: 'contact',
      emailColumn: 'email',
      erase: { kind: 'delete' },
      retention: { period: (r) => ({ months: r.contactsMonths }), from: 'created_at' },
    },
  ],
  selfService: [contactSelfService],
};
