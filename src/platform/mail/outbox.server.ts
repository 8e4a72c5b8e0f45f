import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MailAttachment } from '~/platform/db/schema';

export interface OutgoingMail {
  /** Which template produced it, e.g. 'registration.confirmation'. */
  template: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  related?: { table: string; id: string };
  /** An automatic reply to an unconfirmed address (a form's acknowledgement): counted per day. */
  autoReply?: boolean;
  /** Inline images its HTML shows by `cid:` (renderMail's `image`). */
  attachments?: MailAttachment[];
  /** Not to be sent before this time (a message to many, spread out: see participant messages). */
  notBefore?: Date;
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
      auto_reply: mail.autoReply ?? false,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      ...(mail.notBefore && { next_attempt_at: mail.notBefore }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sends mail again (admin area): a failed mail, or one still waiting, goes back to the queue
 * as due now with a fresh count of tries. `ids` = those mails; 'failed' = every failed mail.
 * Sent mail is never touched. Returns the ids queued again.
 */
export async function retryMail(
  db: Kysely<Database> | Transaction<Database>,
  which: { ids: string[] } | 'failed',
): Promise<string[]> {
  if (which !== 'failed' && which.ids.length === 0) return [];
  const rows = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql<Date>`now()` })
    .where((eb) =>
      which === 'failed'
        ? eb('status', '=', 'failed')
        : eb.and([eb('id', 'in', which.ids), eb('status', 'in', ['failed', 'pending'])]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Failed mail, and mail that waits too long (pending an hour, or a sender that vanished). */
export async function mailHealth(
  db: Kysely<Database>,
  stuckAfterMs: number,
): Promise<{ failedMail: number; stuckMail: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failedMail'),
      sql<number>`count(*) filter (where (status = 'pending'
        and created_at < now() - ${stuckAfterMs} * interval '1 millisecond')
        or (status = 'sending' and next_attempt_at < now()))::int`.as('stuckMail'),
    ])
    .where('status', 'in', ['failed', 'pending', 'sending'])
    .executeTakeFirstOrThrow();
  return { failedMail: row.failedMail, stuckMail: row.stuckMail };
}
