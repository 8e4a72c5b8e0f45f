import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';

export interface OutgoingMail {
  /** Which template produced it, e.g. 'registration.confirmation'. */
  template: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  related?: { table: string; id: string };
}

/**
 * Queues an e-mail. Call it with the same transaction that writes the record the mail is
 * about: either both are stored or neither is, so no record is ever left without its mail.
 */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: OutgoingMail,
): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      template: mail.template,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      html_body: mail.html,
      text_body: mail.text,
      related_table: mail.related?.table ?? null,
      related_id: mail.related?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
