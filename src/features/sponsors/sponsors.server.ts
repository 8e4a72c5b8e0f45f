import { sponsorApplicationSelfService } from './self-service.server';
import type { ServerFeature } from '~/platform/feature.server';
import { sponsorsAdmin } from './admin.server';
import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { SPONSOR_APPLICATION_ENDPOINT } from './api';
import { PATHS } from '~/platform/paths';
import { sponsorApplicationMails } from './mail.server';
import { sponsorApplicationRequestSchema } from './schema';
import { contentOf } from '~/platform/content/content-type';
import { upcomingEdition } from '~/platform/event/editions.server';
import { eventContent } from '~/platform/site-content/event';

/** POST /api/sponsor-applications: stores an application (status 'new') and queues its two e-mails. */
const sponsorApplicationRoutes = formPlugin({
  endpoint: SPONSOR_APPLICATION_ENDPOINT,
  table: 'sponsor_applications',
  schema: sponsorApplicationRequestSchema,
  selfService: { table: 'sponsor_applications', email: (data) => data.email },
  page: PATHS.becomeSponsor,
  save: async (trx, data, ctx, { manageUrl }) => {
    const { id } = await trx
      .insertInto('sponsor_applications')
      .values({
        company_name: data.companyName,
        contact_person: data.contactPerson,
        email: data.email,
        phone: data.phone ?? null,
        website: data.website ?? null,
        sponsorship_level: data.sponsorshipLevel,
        sponsorship_types: JSON.stringify(data.sponsorshipTypes),
        budget_range: data.budgetRange,
        message: data.message ?? null,
        edition: upcomingEdition(contentOf(ctx.content.content, eventContent), ctx.content.now()),
        language: data.language,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, mails: sponsorApplicationMails(data, ctx.config, manageUrl) };
  },
});

export const sponsorsFeature: ServerFeature = {
  name: 'sponsors',
  routes: sponsorApplicationRoutes,
  admin: sponsorsAdmin,
  personalData: [
    {
      table: 'sponsor_applications',
      auditEntity: 'sponsor_application',
      emailColumn: 'email',
      erase: { kind: 'delete' },
      retention: { period: (r) => ({ months: r.sponsorApplicationsMonths }), from: 'created_at' },
    },
  ],
  selfService: [sponsorApplicationSelfService],
};
