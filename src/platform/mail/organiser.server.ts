import type { DetailRow } from '~/platform/forms/details';
import { serverT } from '~/platform/i18n/server-i18n.server';
import type { Language } from '~/platform/i18n/languages';
import type { OutgoingMail } from './outbox.server';

/**
 * What the forms' e-mails share: each submission yields one mail to the visitor, in their
 * language, and one to the organisers, in Lithuanian, with reply-to set so that "Reply"
 * reaches the other side.
 */

/** An e-mail to queue with a record (the record's id is added when it is stored). */
export type MailDraft = Omit<OutgoingMail, 'related'>;

/** The organisers read their notifications in Lithuanian. */
export const ORGANISER_LANGUAGE: Language = 'lt';

/** The submitted details plus the language the visitor wants to be answered in. */
export function organiserRows(rows: DetailRow[], visitorLanguage: Language): DetailRow[] {
  const t = serverT(ORGANISER_LANGUAGE);
  return [
    ...rows,
    { label: t('mail:organiser.language'), value: t(`mail:organiser.languages.${visitorLanguage}`) },
  ];
}
