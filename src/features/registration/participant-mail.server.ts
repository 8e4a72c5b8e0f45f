import type { Selectable, Transaction } from 'kysely';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import type { Config } from '~/platform/config/config.server';
import type { Database } from '~/platform/db/schema';
import { eventPlaceholders, fillPlaceholders } from '~/platform/event/format';
import type { Language } from '~/platform/i18n/languages';
import { type MailContent, renderMail } from '~/platform/mail/layout.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { eventContent } from '~/platform/site-content/event';

type Registration = Selectable<Database['registrations']>;

/** An organiser-edited text in the participant's language, its event facts and {{firstName}} filled in. */
export function participantText(content: SiteContent, language: Language, registration: Registration) {
  const values = {
    ...eventPlaceholders(contentOf(content, eventContent), language),
    firstName: registration.first_name,
  };
  return (field: { lt: string; en: string }) => fillPlaceholders(field[language], values);
}

/**
 * Queues an e-mail to a registration's participant, in the transaction of what it is about:
 * replies go to the organisers, and it is erased with the registration.
 */
export async function mailParticipant(
  trx: Transaction<Database>,
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>,
  registration: Registration,
  template: string,
  mail: MailContent,
) {
  await enqueueMail(trx, {
    template,
    to: registration.email,
    replyTo: config.ORGANISER_EMAIL,
    related: { table: 'registrations', id: registration.id },
    ...renderMail(mail, config.PUBLIC_URL),
  });
}
