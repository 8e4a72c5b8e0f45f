import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { registrationMails } from '~/platform/mail/form-mails.server';
import { registrationRequestSchema } from './schema';

/** POST /api/registrations: stores a participant registration and queues its two e-mails. */
export const registrationRoutes = formPlugin({
  url: '/registrations',
  table: 'registrations',
  schema: registrationRequestSchema,
  save: async (trx, data, ctx) => {
    const { id } = await trx
      .insertInto('registrations')
      .values({
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        phone: data.phone,
        participation_types: JSON.stringify(data.participationType),
        camping: data.camping,
        adults: data.adults,
        children: data.children,
        dietary_needs: data.dietaryNeeds ?? null,
        accessibility_needs: data.accessibilityNeeds ?? null,
        notes: data.notes ?? null,
        agreed_to_rules: data.agreedToRules,
        language: data.language,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, mails: registrationMails(data, ctx.config) };
  },
});
