import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { actorOf, idOf } from '~/platform/admin/area.server';
import { csvDateTime, sendCsv, toCsv } from '~/platform/admin/csv.server';
import { editionParam } from '~/platform/admin/edition';
import { resolveEdition, type EditionFilter } from '~/platform/admin/edition.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { ContentFollower } from '~/platform/content/follower.server';
import type { Database } from '~/platform/db/schema';
import { REGISTERED_STATUSES } from '~/platform/event/participants';
import { eventInstant } from '~/platform/event/instant';
import type { ServerFeature } from '~/platform/feature.server';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import type { AppContext } from '~/platform/http/app-context.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { eventContent, type EventFacts } from '~/platform/site-content/event';
import {
  moveHelperSchema,
  newSlotSchema,
  newTaskSchema,
  placeHelperSchema,
  ROTA_ENDPOINTS,
  type RotaPage,
} from './rota';

type Db = Kysely<Database> | Transaction<Database>;

const fullName = sql<string>`registrations.first_name || ' ' || registrations.last_name`;

/** An edition's rota: its tasks (by their first slot), slots by time, helpers by name. */
async function rotaOf(db: Db, edition: EditionFilter): Promise<RotaPage> {
  if (edition === null) return { edition, tasks: [], people: [] };
  const tasks = await db
    .selectFrom('rota_tasks')
    .select(['id', 'title_lt', 'title_en'])
    .where('edition', '=', edition)
    .execute();
  const slots = tasks.length
    ? await db
        .selectFrom('rota_slots')
        .select(['id', 'task_id', 'starts_at', 'ends_at', 'helpers'])
        .where(
          'task_id',
          'in',
          tasks.map((task) => task.id),
        )
        .orderBy('starts_at')
        .orderBy('ends_at')
        .execute()
    : [];
  const placed = slots.length
    ? await db
        .selectFrom('rota_helpers')
        .innerJoin('registrations', 'registrations.id', 'rota_helpers.registration_id')
        .select([
          'rota_helpers.id',
          'rota_helpers.slot_id',
          'rota_helpers.registration_id',
          'rota_helpers.added_by',
          'registrations.phone',
          fullName.as('name'),
        ])
        .where(
          'rota_helpers.slot_id',
          'in',
          slots.map((slot) => slot.id),
        )
        .orderBy('name')
        .execute()
    : [];
  const people = await db
    .selectFrom('registrations')
    .select(['id', fullName.as('name')])
    .where('edition', '=', edition)
    .where('status', 'in', [...REGISTERED_STATUSES])
    .orderBy('name')
    .execute();
  const iso = (value: Date | string) => new Date(value).toISOString();
  const rows = tasks.map((task) => ({
    id: task.id,
    titleLt: task.title_lt,
    titleEn: task.title_en,
    slots: slots
      .filter((slot) => slot.task_id === task.id)
      .map((slot) => ({
        id: slot.id,
        start: iso(slot.starts_at),
        end: iso(slot.ends_at),
        helpers: slot.helpers,
        placed: placed
          .filter((helper) => helper.slot_id === slot.id)
          .map((helper) => ({
            id: helper.id,
            registrationId: helper.registration_id,
            name: helper.name,
            phone: helper.phone,
            addedBy: helper.added_by,
          })),
      })),
  }));
  const firstStart = (task: (typeof rows)[number]) => task.slots[0]?.start ?? '';
  return {
    edition,
    tasks: rows.sort((a, b) => firstStart(a).localeCompare(firstStart(b))),
    people: people.map((person) => ({ id: person.id, name: person.name })),
  };
}

/**
 * Places a registration in a slot, or moves one there: refused when the slot has all the
 * helpers it needs (409, translated), when the person is in it already, or when they are not
 * registered for the slot's edition. The slot's row is locked first, so two placing the last
 * place at once end with one of them there (issue 47).
 */
async function placeIn(trx: Transaction<Database>, slotId: string, registrationId: string) {
  const slot = await trx
    .selectFrom('rota_slots')
    .innerJoin('rota_tasks', 'rota_tasks.id', 'rota_slots.task_id')
    .select(['rota_slots.id', 'rota_slots.helpers', 'rota_tasks.edition'])
    .where('rota_slots.id', '=', slotId)
    .forUpdate('rota_slots')
    .executeTakeFirst();
  if (!slot) throw notFound();
  const person = await trx
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', registrationId)
    .where('edition', '=', slot.edition)
    .where('status', 'in', [...REGISTERED_STATUSES])
    .executeTakeFirst();
  if (!person) throw new HttpError(409, 'not_registered', { message: 'admin:rota.errors.notRegistered' });
  const { count } = await trx
    .selectFrom('rota_helpers')
    .select(sql<number>`count(*)`.as('count'))
    .where('slot_id', '=', slotId)
    .executeTakeFirstOrThrow();
  const there = await trx
    .selectFrom('rota_helpers')
    .select('id')
    .where('slot_id', '=', slotId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
  if (there) throw new HttpError(409, 'already_placed', { message: 'admin:rota.errors.already' });
  if (Number(count) >= slot.helpers)
    throw new HttpError(409, 'slot_full', { message: 'admin:rota.errors.full' });
}

/** A task's slot at UK wall-clock times (checked by the schemas); its id. */
async function insertSlot(
  trx: Transaction<Database>,
  taskId: string,
  slot: { start: string; end: string; helpers: number },
): Promise<string> {
  const { id } = await trx
    .insertInto('rota_slots')
    .values({
      task_id: taskId,
      starts_at: eventInstant(slot.start),
      ends_at: eventInstant(slot.end),
      helpers: slot.helpers,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const csvQuery = z.object({ edition: editionParam, lang: z.enum(['lt', 'en']).default('lt') });

function routes(scope: FastifyInstance) {
  const { db } = scope.ctx.database;
  const audit = (trx: Db, request: Parameters<typeof actorOf>[0], action: string, id: string, details = {}) =>
    writeAudit(trx, actorOf(request), { action: `rota.${action}`, entity: 'rota', entityId: id, details });

  scope.post(ROTA_ENDPOINTS.tasks.path, async (request, reply) => {
    const task = parseInput(newTaskSchema, request.body);
    const id = await db.transaction().execute(async (trx) => {
      const edition = await trx
        .selectFrom('editions')
        .select('edition')
        .where('edition', '=', task.edition)
        .executeTakeFirst();
      if (!edition) throw new HttpError(400, 'validation', { message: 'admin:editions.errors.unknown' });
      const { id } = await trx
        .insertInto('rota_tasks')
        .values({ edition: task.edition, title_lt: task.titleLt, title_en: task.titleEn })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertSlot(trx, id, task);
      await audit(trx, request, 'task_created', id, { title: task.titleLt });
      return id;
    });
    return reply.code(201).send({ id });
  });

  scope.delete(ROTA_ENDPOINTS.task.path, async (request) => {
    const id = idOf(request.params);
    await db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('rota_tasks').where('id', '=', id).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw notFound();
      await audit(trx, request, 'task_deleted', id);
    });
    return { ok: true };
  });

  scope.post(ROTA_ENDPOINTS.slots.path, async (request, reply) => {
    const slot = parseInput(newSlotSchema, request.body);
    const id = await db.transaction().execute(async (trx) => {
      const task = await trx
        .selectFrom('rota_tasks')
        .select('id')
        .where('id', '=', slot.taskId)
        .executeTakeFirst();
      if (!task) throw notFound();
      const id = await insertSlot(trx, slot.taskId, slot);
      await audit(trx, request, 'slot_added', slot.taskId);
      return id;
    });
    return reply.code(201).send({ id });
  });

  scope.delete(ROTA_ENDPOINTS.slot.path, async (request) => {
    const id = idOf(request.params);
    await db.transaction().execute(async (trx) => {
      const slot = await trx
        .deleteFrom('rota_slots')
        .where('id', '=', id)
        .returning('task_id')
        .executeTakeFirst();
      if (!slot) throw notFound();
      await audit(trx, request, 'slot_deleted', slot.task_id);
    });
    return { ok: true };
  });

  scope.post(ROTA_ENDPOINTS.helpers.path, async (request, reply) => {
    const { slotId, registrationId } = parseInput(placeHelperSchema, request.body);
    const id = await db.transaction().execute(async (trx) => {
      await placeIn(trx, slotId, registrationId);
      const { id } = await trx
        .insertInto('rota_helpers')
        .values({ slot_id: slotId, registration_id: registrationId, added_by: 'organiser' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, request, 'helper_placed', slotId, { registration: registrationId });
      return id;
    });
    return reply.code(201).send({ id });
  });

  scope.put(ROTA_ENDPOINTS.helper.path, async (request) => {
    const id = idOf(request.params);
    const { slotId } = parseInput(moveHelperSchema, request.body);
    await db.transaction().execute(async (trx) => {
      const helper = await trx
        .selectFrom('rota_helpers')
        .select(['registration_id', 'slot_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!helper) throw notFound();
      if (helper.slot_id === slotId) return;
      await placeIn(trx, slotId, helper.registration_id);
      await trx.updateTable('rota_helpers').set({ slot_id: slotId }).where('id', '=', id).execute();
      await audit(trx, request, 'helper_moved', slotId, {
        registration: helper.registration_id,
        from: helper.slot_id,
      });
    });
    return { ok: true };
  });

  scope.delete(ROTA_ENDPOINTS.helper.path, async (request) => {
    const id = idOf(request.params);
    await db.transaction().execute(async (trx) => {
      const helper = await trx
        .deleteFrom('rota_helpers')
        .where('id', '=', id)
        .returning(['slot_id', 'registration_id'])
        .executeTakeFirst();
      if (!helper) throw notFound();
      await audit(trx, request, 'helper_removed', helper.slot_id, { registration: helper.registration_id });
    });
    return { ok: true };
  });

  scope.get(ROTA_ENDPOINTS.csv.path, async (request, reply) => {
    const { edition: asked, lang } = parseInput(csvQuery, request.query);
    const rota = await rotaOf(db, await resolveEdition(scope.ctx, asked));
    const rows = rota.tasks.flatMap((task) =>
      task.slots.flatMap((slot) => {
        const base = { task: lang === 'en' ? task.titleEn : task.titleLt, slot };
        const open = Math.max(0, slot.helpers - slot.placed.length);
        return [
          ...slot.placed.map((helper) => ({ ...base, name: helper.name, phone: helper.phone })),
          ...Array.from({ length: open }, () => ({ ...base, name: null, phone: null })),
        ];
      }),
    );
    return sendCsv(
      reply,
      'rota',
      lang,
      toCsv(
        [
          { header: 'rota.csv.start', value: (row) => csvDateTime(row.slot.start) },
          { header: 'rota.csv.end', value: (row) => csvDateTime(row.slot.end) },
          { header: 'rota.csv.task', value: (row) => row.task },
          {
            header: 'rota.csv.helper',
            value: (row, _label, language) => row.name ?? serverT(language)('admin:rota.open'),
          },
          { header: 'fields.phone', value: (row) => row.phone },
        ],
        rows,
        lang,
      ),
    );
  });
}

/**
 * "Prepare next year" (issue 47): when a new edition's event facts are published and it has
 * no tasks yet, the last edition's tasks are copied to it with every slot moved by as much as
 * the weekend moved (no helpers: they register again). In the publish's own transaction, and at
 * every start: an edition with tasks is left alone, so it runs once.
 */
const rotaFollower: ContentFollower = {
  type: eventContent,
  apply: async (db, published) => {
    const facts = published as EventFacts;
    const own = await db
      .selectFrom('rota_tasks')
      .select('id')
      .where('edition', '=', facts.edition)
      .limit(1)
      .execute();
    if (own.length > 0) return;
    const last = await db
      .selectFrom('rota_tasks')
      .innerJoin('editions', 'editions.edition', 'rota_tasks.edition')
      .select(['rota_tasks.edition', 'editions.starts_at'])
      .where('rota_tasks.edition', '<', facts.edition)
      .orderBy('rota_tasks.edition', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return;
    const shift = sql`${eventInstant(facts.start).getTime() - new Date(last.starts_at).getTime()} * interval '1 millisecond'`;
    const tasks = await db
      .selectFrom('rota_tasks')
      .select(['id', 'title_lt', 'title_en'])
      .where('edition', '=', last.edition)
      .execute();
    for (const task of tasks) {
      const { id } = await db
        .insertInto('rota_tasks')
        .values({ edition: facts.edition, title_lt: task.title_lt, title_en: task.title_en })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('rota_slots')
        .columns(['task_id', 'starts_at', 'ends_at', 'helpers'])
        .expression(
          db
            .selectFrom('rota_slots')
            .select([
              sql<string>`${id}::uuid`.as('task_id'),
              sql<Date>`starts_at + ${shift}`.as('starts_at'),
              sql<Date>`ends_at + ${shift}`.as('ends_at'),
              'helpers',
            ])
            .where('task_id', '=', task.id),
        )
        .execute();
    }
  },
};

export const rotaFeature: ServerFeature = {
  name: 'rota',
  admin: {
    name: 'rota',
    routes,
    page: async (ctx: AppContext, query) => {
      const asked = editionParam.safeParse(query.get('edition') ?? undefined);
      const edition = await resolveEdition(ctx, asked.success ? asked.data : undefined).catch(() =>
        resolveEdition(ctx, undefined),
      );
      return rotaOf(ctx.database.db, edition);
    },
  },
  follows: [rotaFollower],
};
