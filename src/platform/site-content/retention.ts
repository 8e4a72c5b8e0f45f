import { z } from 'zod';
import { defineContentType } from '~/platform/content/content-type';
import { number } from '~/platform/content/fields';
import { PATHS } from '~/platform/paths';

const whole = (label: string, min: number, max: number, help?: string) =>
  number({ label, help, min, max, decimals: 0 });

/**
 * How long personal data is kept, per kind of record: edited by the organisers, shown on the
 * privacy notice as real durations and applied by the daily retention job. Each period has a
 * floor so a slip of the keyboard cannot purge this year's records; orders are kept at least
 * the six years UK accounting law asks for.
 */
export const retentionContent = defineContentType({
  id: 'retention',
  label: 'content:types.retention',
  pages: [PATHS.privacy],
  schema: z.strictObject({
    /** Registrations (with their dietary and accessibility details): days after the event ends. */
    registrationsDays: whole('content:retention.registrationsDays', 30, 730),
    /** Contact messages: months after they were sent. */
    contactsMonths: whole('content:retention.contactsMonths', 1, 60),
    /** Sponsor applications: months after they were sent. */
    sponsorApplicationsMonths: whole('content:retention.sponsorApplicationsMonths', 1, 72),
    /** The text of sent e-mails in the outbox: days after sending (the address line stays with its record). */
    outboxDays: whole('content:retention.outboxDays', 7, 365),
    /** The admin audit log: months. */
    auditMonths: whole('content:retention.auditMonths', 6, 120),
    /** Orders: years, after which the customer's personal fields are anonymised (amounts stay). */
    ordersYears: whole('content:retention.ordersYears', 6, 20, 'content:retention.ordersYearsHelp'),
  }),
});

export type Retention = z.output<typeof retentionContent.schema>;
