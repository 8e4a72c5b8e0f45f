import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { SiteContent } from '~/platform/content/content-type';
import type { Config } from '~/platform/config/config.server';
import type { Database } from '~/platform/db/schema';
import { LANGUAGES, type Language } from '~/platform/i18n/languages';
import { toLanguage } from '~/platform/i18n/server-i18n.server';
import type { RenderedMail } from '~/platform/mail/layout.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { CoalescedPasses } from '~/platform/mail/passes.server';
import { MESSAGE_TEMPLATE, renderMessage } from './mail.server';

/**
 * A turn of the event loop for the requests waiting. The embedded database runs queries in
 * this thread and answers them as microtasks: a chain of queries (a transaction) would hold
 * the thread until its end, so long work yields between its statements (measured: a chunk
 * of 25 mails held it 200–480 ms on a loaded machine; bench/timings/participant-messages-load.timing.ts).
 */
export const yieldToVisitors = () => nextTurn();

/** Recipients handed to the outbox per transaction: short ones, so nothing waits long on them. */
const CHUNK = 25;

/** How often a message left half handed over (an instance stopped meanwhile) is looked for. */
const RESUME_EVERY_MS = 15_000;

interface QueueOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'PUBLIC_URL' | 'ORGANISER_EMAIL' | 'MESSAGE_MAILS_PER_MINUTE'>;
  content: () => SiteContent;
  /** The mail worker's wake: the first of a message's mails is due at once. */
  wakeMail: () => void;
  log: { error: (object: object, message: string) => void };
}

/**
 * Hands the mails of messages being sent to the outbox, a few at a time, each recipient once
 * (its row is marked in the transaction that queues its mail, under the message's row lock,
 * so two instances never hand over the same one). Each mail gets a time slot: the messages'
 * mails leave at MESSAGE_MAILS_PER_MINUTE, over every instance (the slots are in the
 * database), and mail queued meanwhile for someone else — a registration's confirmation — is
 * due at once, so it goes out between them, not after them.
 */
export class MessageQueue {
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly passes: CoalescedPasses;

  constructor(private readonly opts: QueueOptions) {
    this.passes = new CoalescedPasses({
      step: async () => {
        const found = await this.handOverChunk();
        if (found) opts.wakeMail();
        return found;
      },
      stopped: () => this.stopped,
      onError: (error) =>
        opts.log.error({ err: error }, 'handing a message to the outbox failed; tried again later'),
      between: yieldToVisitors,
    });
  }

  start(): void {
    this.stopped = false;
    void this.kick();
    this.timer = setInterval(() => void this.kick(), RESUME_EVERY_MS);
    this.timer.unref();
  }

  /** Hands over whatever is waiting; calls while it runs make it look once more. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.passes.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.passes.current;
  }

  /** One chunk of one message; false when no message is waiting. */
  private handOverChunk(): Promise<boolean> {
    const { db, config, content } = this.opts;
    return db.transaction().execute(async (trx) => {
      const message = await trx
        .selectFrom('participant_messages')
        .selectAll()
        .where('status', '=', 'sending')
        .orderBy('send_started_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!message) return false;
      // The registrations are locked with their rows: an erasure running now either waits for
      // this transaction (and then erases the mails it queued) or has removed them already.
      const recipients = await trx
        .selectFrom('participant_message_recipients as r')
        .innerJoin('registrations as g', 'g.id', 'r.registration_id')
        .select(['r.registration_id', 'r.language', 'g.email'])
        .where('r.message_id', '=', message.id)
        .where('r.queued_at', 'is', null)
        .orderBy('r.registration_id')
        .limit(CHUNK)
        .forShare()
        .execute();
      if (recipients.length === 0) {
        await trx
          .updateTable('participant_messages')
          .set({ status: 'sent', queued_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('id', '=', message.id)
          .execute();
        return true;
      }
      const texts = {
        subject: { lt: message.subject_lt, en: message.subject_en },
        body: { lt: message.body_lt, en: message.body_en },
      };
      const rendered = Object.fromEntries(
        LANGUAGES.map((language) => [language, renderMessage(texts, language, content(), config.PUBLIC_URL)]),
      ) as Record<Language, RenderedMail>;
      const spacingMs = 60_000 / config.MESSAGE_MAILS_PER_MINUTE;
      // The next free slot: after the last messages' mail still waiting for its first try.
      const { first } = await trx
        .selectFrom('mail_outbox')
        .select(
          sql<Date>`greatest(now(), max(next_attempt_at) + ${spacingMs} * interval '1 millisecond')`.as(
            'first',
          ),
        )
        .where('template', '=', MESSAGE_TEMPLATE)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .executeTakeFirstOrThrow();
      const start = new Date(first).getTime();
      for (const [index, recipient] of recipients.entries()) {
        const outboxId = await enqueueMail(trx, {
          template: MESSAGE_TEMPLATE,
          to: recipient.email,
          replyTo: config.ORGANISER_EMAIL,
          related: { table: 'registrations', id: recipient.registration_id },
          notBefore: new Date(start + index * spacingMs),
          ...rendered[toLanguage(recipient.language)],
        });
        await trx
          .updateTable('participant_message_recipients')
          .set({ outbox_id: outboxId, queued_at: sql<Date>`now()` })
          .where('message_id', '=', message.id)
          .where('registration_id', '=', recipient.registration_id)
          .execute();
        await yieldToVisitors();
      }
      return true;
    });
  }
}
