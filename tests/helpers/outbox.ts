import { sql } from 'kysely';
import { expect } from 'vitest';
import { enqueueMail } from '~/platform/mail/outbox.server';
import type { TestApp } from './test-app';

/** Rows that can still become an e-mail: messages being handed to the outbox, mails due or being sent. */
async function outboxWork(db: TestApp['db']): Promise<number> {
  const { n } = await sql<{ n: number }>`
    select (select count(*) from participant_messages where status = 'sending')::int
         + (select count(*) from mail_outbox where status in ('pending', 'sending'))::int as n`
    .execute(db)
    .then((result) => result.rows[0]!);
  return n;
}

/**
 * Waits for the outbox to settle (issue 46: instead of "sleep, then assert nothing more
 * arrived"): no message is still being handed to the outbox and every mail in it has been sent
 * or has failed. A mail is marked sent after the SMTP server accepted it, so once this
 * resolves, what the server has received is all it will receive; a duplicate would be a row
 * of its own, counted by the caller.
 */
export async function outboxSettled(db: TestApp['db'], timeoutMs = 60_000): Promise<void> {
  await expect.poll(() => outboxWork(db), { timeout: timeoutMs, interval: 50 }).toBe(0);
}

/** `count` plain test mails in the outbox, to person1@example.org … (the worker's tests). */
export async function queueTestMails(db: TestApp['db'], count: number, template = 'test'): Promise<void> {
  for (let i = 1; i <= count; i++)
    await enqueueMail(db, {
      template,
      to: `person${i}@example.org`,
      subject: `Mail ${i}`,
      html: `<p>${i}</p>`,
      text: `${i}`,
    });
}
