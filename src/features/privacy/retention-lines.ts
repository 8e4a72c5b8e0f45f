import type { Language } from '~/platform/i18n/languages';
import { formatPeriod } from '~/platform/i18n/format';
import type { Retention } from '~/platform/site-content/retention';

/** Each kind of record on the privacy notice, in its order, with its period as words. */
export function retentionLines(retention: Retention, language: Language) {
  const period = formatPeriod;
  return [
    { id: 'registrations', period: period(retention.registrationsDays, 'day', language) },
    { id: 'contacts', period: period(retention.contactsMonths, 'month', language) },
    { id: 'sponsorApplications', period: period(retention.sponsorApplicationsMonths, 'month', language) },
    { id: 'outbox', period: period(retention.outboxDays, 'day', language) },
    { id: 'audit', period: period(retention.auditMonths, 'month', language) },
    { id: 'orders', period: period(retention.ordersYears, 'year', language) },
  ] as const;
}
