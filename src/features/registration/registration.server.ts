import type { ServerFeature } from '~/platform/feature.server';
import { registrationAdmin } from './admin.server';
import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { REGISTRATION_ENDPOINT } from './api';
import { registrationMails } from './mail.server';
import { registrationRequestSchema } from './schema';

/** POST /api/registrations: stores a participant registration and queues its two e-mails. */
export const registrationRoutes = formPlugin({
  endpoint: REGISTRATION_ENDPOINT,
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
    return { id, mails: registrationMails(data, ctx.config, ctx.content.content) };
  },
});

export const registrationFeature: ServerFeature = {
  name: 'registration',
  routes: registrationRoutes,
  admin: registrationAdmin,
  personalData: [{ table: 'registrations', emailColumn: 'email', erase: { kind: 'delete' } }],
};
