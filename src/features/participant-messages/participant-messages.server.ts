import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { editionParam } from '~/platform/admin/edition';
import { ofEdition, resolveEdition } from '~/platform/admin/edition.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import type { ParticipantGroups } from '~/platform/event/participants';
import type { ServerFeature } from '~/platform/feature.server';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import { audienceCounts, recipientsQuery } from './audiences.server';
import { renderMessage } from './mail.server';
import {
  type Audience,
  draftSchema,
  type MessageProgress,
  type MessageRow,
  type MessagesAnswer,
  type MessageStatus,
  messageTextsSchema,
  PARTICIPANT_MESSAGE_ENDPOINTS as ENDPOINTS,
  type PreviewAnswer,
  sendSchema,
} from './messages';
import { MessageQueue, yieldToVisitors } from './queue.server';

const ENTITY = 'participant_message';
/** Recipient rows written per statement when a message is sent. */
const RECIPIENT_BATCH = 100;
const editionQuery = z.object({ edition: editionParam });

type MessageRecord = Selectable<Database['participant_messages']>;

const notDraft = () =>
  new HttpError(409, 'message_not_draft', { message: 'participantMessages:errors.notDraft' });

/** Each message's mails: sent, failed, and the rest still on their way (queued). */
async function progressOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, MessageProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participant_message_recipients as r')
    .leftJoin('mail_outbox as o', 'o.id', 'r.outbox_id')
    .select([
      'r.message_id',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where o.status = 'sent')::int`.as('sent'),
      sql<number>`count(*) filter (where o.status = 'failed')::int`.as('failed'),
    ])
    .where('r.message_id', 'in', ids)
    .groupBy('r.message_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.message_id,
      { total: row.total, sent: row.sent, failed: row.failed, queued: row.total - row.sent - row.failed },
    ]),
  );
}

const NO_PROGRESS: MessageProgress = { total: 0, sent: 0, queued: 0, failed: 0 };

function toRow(record: MessageRecord, progress: MessageProgress | undefined): MessageRow {
  return {
    id: record.id,
    edition: record.edition,
    audience: record.audience as Audience,
    subject: { lt: record.subject_lt, en: record.subject_en },
    body: { lt: record.body_lt, en: record.body_en },
    status: record.status as MessageStatus,
    created_at: new Date(record.created_at).toISOString(),
    send_started_at: record.send_started_at ? new Date(record.send_started_at).toISOString() : null,
    queued_at: record.queued_at ? new Date(record.queued_at).toISOString() : null,
    progress: progress ?? NO_PROGRESS,
  };
}

async function messageRow(db: Kysely<Database>, id: string): Promise<MessageRow> {
  const record = await db
    .selectFrom('participant_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record) throw notFound();
  return toRow(record, (await progressOf(db, [id])).get(id));
}

/** Locks a message for a change; only a draft may change (404 unknown, 409 otherwise). */
async function lockDraft(trx: Transaction<Database>, id: string): Promise<void> {
  const record = await trx
    .selectFrom('participant_messages')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!record) throw notFound();
  if (record.status !== 'draft') throw notDraft();
}

const columnsOf = (draft: z.output<typeof draftSchema>) => ({
  audience: draft.audience,
  subject_lt: draft.subject.lt,
  subject_en: draft.subject.en,
  body_lt: draft.body.lt,
  body_en: draft.body.en,
});

const participantMessagesAdmin = (groups: ParticipantGroups): AdminSectionServer => ({
  name: 'participantMessages',
  routes: (scope) => {
    const db = scope.ctx.database.db;
    const queue = new MessageQueue({
      db,
      config: scope.ctx.config,
      content: () => scope.ctx.content.content,
      wakeMail: () => scope.ctx.mailWorker.wake(),
      log: scope.log,
    });
    // Messages left half handed over by a stop are taken up again at start.
    scope.addHook('onReady', async () => queue.start());
    scope.addHook('onClose', async () => queue.stop());

    // The edition's messages, newest first, and how many each audience reaches now.
    scope.get(ENDPOINTS.messages.path, async (request): Promise<MessagesAnswer> => {
      const edition = await resolveEdition(scope.ctx, parseInput(editionQuery, request.query).edition);
      const records = await db
        .selectFrom('participant_messages')
        .selectAll()
        .where(ofEdition('edition', edition))
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      const progress = await progressOf(
        db,
        records.map((record) => record.id),
      );
      return {
        edition,
        messages: records.map((record) => toRow(record, progress.get(record.id))),
        counts: await audienceCounts(db, groups, edition),
      };
    });

    scope.get(ENDPOINTS.message.path, async (request) => messageRow(db, idOf(request.params)));

    // A new draft, for the edition shown.
    scope.post(ENDPOINTS.messages.path, async (request, reply) => {
      const edition = await resolveEdition(scope.ctx, parseInput(editionQuery, request.query).edition);
      const draft = parseInput(draftSchema, request.body);
      const actor = actorOf(request);
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('participant_messages')
          .values({ ...columnsOf(draft), edition, created_by: actor.id, updated_at: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, actor, {
          action: 'participant_message.create',
          entity: ENTITY,
          entityId: id,
          details: { audience: draft.audience, edition },
        });
        return id;
      });
      reply.code(201);
      return messageRow(db, id);
    });

    // A draft changed; once sending has started, never.
    scope.put(ENDPOINTS.message.path, async (request) => {
      const id = idOf(request.params);
      const draft = parseInput(draftSchema, request.body);
      await db.transaction().execute(async (trx) => {
        await lockDraft(trx, id);
        await trx
          .updateTable('participant_messages')
          .set({ ...columnsOf(draft), updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await writeAudit(trx, actorOf(request), {
          action: 'participant_message.update',
          entity: ENTITY,
          entityId: id,
          details: { audience: draft.audience },
        });
      });
      return messageRow(db, id);
    });

    scope.delete(ENDPOINTS.message.path, async (request) => {
      const id = idOf(request.params);
      await db.transaction().execute(async (trx) => {
        await lockDraft(trx, id);
        await trx.deleteFrom('participant_messages').where('id', '=', id).execute();
        await writeAudit(trx, actorOf(request), {
          action: 'participant_message.delete',
          entity: ENTITY,
          entityId: id,
        });
      });
      return { deleted: true };
    });

    // Both languages as the e-mail will be (nothing stored).
    scope.post(ENDPOINTS.preview.path, async (request): Promise<PreviewAnswer> => {
      const texts = parseInput(messageTextsSchema, request.body);
      const { content, config } = scope.ctx;
      return {
        lt: renderMessage(texts, 'lt', content.content, config.PUBLIC_URL),
        en: renderMessage(texts, 'en', content.content, config.PUBLIC_URL),
      };
    });

    /**
     * Sends a draft: draft → sending, with its recipients fixed (one row per registration, at
     * most once) in the same transaction, under the message's row lock. The same request again
     * (a retry, a double click: the same key) is answered with the progress and does nothing;
     * any other send of a message already sending or sent is refused.
     */
    scope.post(ENDPOINTS.send.path, async (request) => {
      const id = idOf(request.params);
      const { idempotencyKey } = parseInput(sendSchema, request.body);
      const actor = actorOf(request);
      await db.transaction().execute(async (trx) => {
        const record = await trx
          .selectFrom('participant_messages')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!record) throw notFound();
        if (record.status !== 'draft') {
          if (record.send_key === idempotencyKey) return;
          throw new HttpError(409, 'message_already_sent', {
            message: 'participantMessages:errors.alreadySent',
          });
        }
        // Who gets it is fixed now: one row per registration (the primary key). Written a
        // hundred at a time, letting visitors' requests in between (the embedded database
        // runs in this thread, and a chain of queries alone would never let them).
        const chosen = await recipientsQuery(
          trx,
          groups,
          record.audience as Audience,
          record.edition,
        ).execute();
        for (let start = 0; start < chosen.length; start += RECIPIENT_BATCH) {
          await trx
            .insertInto('participant_message_recipients')
            .values(
              chosen
                .slice(start, start + RECIPIENT_BATCH)
                .map((row) => ({ message_id: id, registration_id: row.id, language: row.language })),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
          await yieldToVisitors();
        }
        const recipients = chosen.length;
        if (recipients === 0)
          throw new HttpError(409, 'no_recipients', { message: 'participantMessages:errors.noRecipients' });
        await trx
          .updateTable('participant_messages')
          .set({
            status: 'sending',
            send_key: idempotencyKey,
            sent_by: actor.id,
            send_started_at: sql<Date>`now()`,
            recipient_count: recipients,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .execute();
        await writeAudit(trx, actor, {
          action: 'participant_message.send',
          entity: ENTITY,
          entityId: id,
          details: { audience: record.audience, edition: record.edition, recipients },
        });
      });
      const answer = await messageRow(db, id);
      void queue.kick();
      return answer;
    });
  },
});

/** Messages to participants, on the groups of registrations the app hands in (the registration feature's). */
export const participantMessagesFeature = (groups: ParticipantGroups): ServerFeature => ({
  name: 'participantMessages',
  admin: participantMessagesAdmin(groups),
});
