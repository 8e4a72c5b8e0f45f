import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertRegistration, publishContent, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { ROTA_ENDPOINTS, rotaPath } from '~/features/rota/rota';
import { PATHS } from '~/platform/paths';

// Issue 47, the volunteer rota, as the organisers build it: tasks in both languages with time
// slots (UK time: a time the clocks skip is refused), helpers placed from the edition's
// registrations, never more than a slot needs (even placed at once), moved, taken off,
// erased with their registration; the page (its loader), the CSV; "prepare next year" copies
// the tasks to the new dates.

describe.each(TEST_DATABASE_KINDS)('the volunteer rota (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let edition: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'rota@example.com' });
    cookie = await sessionCookie(t, admin.id);
    edition = (
      await t.db.selectFrom('editions').select('edition').orderBy('edition', 'desc').executeTakeFirstOrThrow()
    ).edition;
  });
  afterAll(() => t?.close());

  const send = (method: string, path: string, body?: unknown) => call(t, method, path, { cookie, body });
  const task = (changes: Record<string, unknown> = {}) =>
    send('POST', ROTA_ENDPOINTS.tasks.path, {
      edition,
      titleLt: 'Vartai',
      titleEn: 'Gate',
      start: '2026-08-15T08:00',
      end: '2026-08-15T10:00',
      helpers: 2,
      ...changes,
    });
  const slotsOf = async (taskId: string) =>
    t.db
      .selectFrom('rota_slots')
      .select(['id', 'helpers'])
      .where('task_id', '=', taskId)
      .orderBy('starts_at')
      .execute();

  it('refuses a task it cannot keep, translated, and stores nothing', async () => {
    const refusals = [
      [{ end: '2026-08-15T07:00' }, 'end', 'admin:rota.errors.endBeforeStart'],
      [{ start: '2027-03-28T01:30', end: '2027-03-28T03:00' }, 'start', 'content:errors.clockGap'],
      [{ titleEn: 'G' }, 'titleEn', 'admin:rota.errors.title'],
      [{ helpers: 0 }, 'helpers', 'admin:rota.errors.helpers'],
    ] as const;
    for (const [changes, field, message] of refusals) {
      const refused = await task(changes);
      expect(refused.status, field).toBe(400);
      expect((await refused.json()) as { fields: unknown[] }).toMatchObject({ fields: [{ field, message }] });
    }
    expect(await t.db.selectFrom('rota_tasks').selectAll().execute()).toEqual([]);
  });

  it('never places more helpers than a slot needs, even five at once; moves and takes off', async () => {
    const created = await task();
    expect(created.status).toBe(201);
    const { id: taskId } = (await created.json()) as { id: string };
    const another = await send('POST', ROTA_ENDPOINTS.slots.path, {
      taskId,
      start: '2026-08-15T18:00',
      end: '2026-08-15T20:00',
      helpers: 1,
    });
    expect(another.status).toBe(201);
    const [morning, evening] = await slotsOf(taskId);
    const people = [];
    for (let i = 0; i < 5; i++)
      people.push(
        (
          await insertRegistration(t.db, {
            first_name: `Savanoris${i}`,
            email: `helper${i}@example.com`,
            status: 'confirmed',
          })
        ).id,
      );
    const answers = await Promise.all(
      people.map((registrationId) =>
        send('POST', ROTA_ENDPOINTS.helpers.path, { slotId: morning!.id, registrationId }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const refusal = answers.find((answer) => answer.status === 409)!;
    expect(await refusal.json()).toMatchObject({ error: 'slot_full', message: 'admin:rota.errors.full' });
    const placed = await t.db
      .selectFrom('rota_helpers')
      .select(['id', 'registration_id'])
      .where('slot_id', '=', morning!.id)
      .execute();
    expect(placed).toHaveLength(2);

    // Not registered for the edition (waiting): refused.
    const waiting = await insertRegistration(t.db, {
      first_name: 'Laukia',
      email: 'w@example.com',
      status: 'waiting',
    });
    expect(
      (await send('POST', ROTA_ENDPOINTS.helpers.path, { slotId: evening!.id, registrationId: waiting.id }))
        .status,
    ).toBe(409);

    // Moved to the evening (one place), then nobody more fits there.
    const [first, second] = placed;
    expect(
      (await send('PUT', rotaPath(ROTA_ENDPOINTS.helper.path, first!.id), { slotId: evening!.id })).status,
    ).toBe(200);
    const full = await send('PUT', rotaPath(ROTA_ENDPOINTS.helper.path, second!.id), { slotId: evening!.id });
    expect(full.status).toBe(409);
    // Taken off: the place is free again for another.
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.helper.path, second!.id))).status).toBe(200);
    const other = people.find((id) => id !== first!.registration_id && id !== second!.registration_id)!;
    expect(
      (await send('POST', ROTA_ENDPOINTS.helpers.path, { slotId: morning!.id, registrationId: other }))
        .status,
    ).toBe(201);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'rota.%')
      .orderBy('id')
      .execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set([
        'rota.task_created',
        'rota.slot_added',
        'rota.helper_placed',
        'rota.helper_moved',
        'rota.helper_removed',
      ]),
    );

    // The page (its loader) and the CSV show who helps when; the gap is said.
    const page = await call(t, 'GET', `${PATHS.adminRota}?lang=en`, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Gate');
    expect(html).toContain('Savanoris');
    expect(html).toContain('1 of 2 still missing');
    expect((await call(t, 'GET', PATHS.adminRota)).status).toBe(302);
    const csv = await call(t, 'GET', `${ROTA_ENDPOINTS.csv.path}?lang=en`, { cookie });
    expect(csv.status).toBe(200);
    const rows = parse((await csv.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]!.slice(0, 5)).toEqual(['Starts', 'Ends', 'Task', 'Helper', 'Phone']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3]!.replace(/\d/g, '')])).toEqual([
      ['2026-08-15 08:00', 'Gate', 'Savanoris Žemaitytė'],
      ['2026-08-15 08:00', 'Gate', '(open)'],
      ['2026-08-15 18:00', 'Gate', 'Savanoris Žemaitytė'],
    ]);

    // An erased registration leaves no place in the rota.
    const erased = await t.db
      .selectFrom('registrations')
      .select('email')
      .where('id', '=', first!.registration_id)
      .executeTakeFirstOrThrow();
    const erase = await send('POST', '/api/admin/privacy/erase', { email: erased.email });
    expect(erase.status).toBe(200);
    expect(
      await t.db
        .selectFrom('rota_helpers')
        .select('id')
        .where('registration_id', '=', first!.registration_id)
        .execute(),
    ).toEqual([]);
  });

  it('deletes a slot with its helpers and a task with its slots; an unknown one is 404', async () => {
    const created = await task({
      titleLt: 'Tvarkymas',
      titleEn: 'Clean-up',
      start: '2026-08-16T10:00',
      end: '2026-08-16T12:00',
    });
    const { id: taskId } = (await created.json()) as { id: string };
    const [slot] = await slotsOf(taskId);
    const person = await insertRegistration(t.db, {
      first_name: 'Tvarkytojas',
      email: 'clean@example.com',
      status: 'new',
    });
    expect(
      (await send('POST', ROTA_ENDPOINTS.helpers.path, { slotId: slot!.id, registrationId: person.id }))
        .status,
    ).toBe(201);
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.slot.path, slot!.id))).status).toBe(200);
    expect(
      await t.db.selectFrom('rota_helpers').select('id').where('registration_id', '=', person.id).execute(),
    ).toEqual([]);
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.slot.path, slot!.id))).status).toBe(404);
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.task.path, taskId))).status).toBe(200);
    expect(await t.db.selectFrom('rota_tasks').select('id').where('id', '=', taskId).execute()).toEqual([]);
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.task.path, taskId))).status).toBe(404);
    expect((await send('DELETE', rotaPath(ROTA_ENDPOINTS.task.path, 'not-a-uuid'))).status).toBe(404);
  });

  it('"prepare next year": the new edition gets the tasks, their slots moved as the weekend moved, no helpers', async () => {
    const before = await t.db.selectFrom('rota_tasks').select('id').where('edition', '=', edition).execute();
    expect(before).toHaveLength(1);
    const event = (await (await send('GET', '/api/admin/content/event')).json()) as {
      published: Record<string, unknown>;
    };
    // A year on, the same weekday (364 days later), as "prepare next year" proposes.
    const later = (value: unknown) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
      const moved = new Date(`${value}:00Z`);
      moved.setUTCDate(moved.getUTCDate() + 364);
      return moved.toISOString().slice(0, 16);
    };
    const next = Object.fromEntries(
      Object.entries(event.published).map(([key, value]) => [key, later(value)]),
    );
    await publishContent(t, cookie, 'event', { ...next, edition: edition + 1 });
    const copied = await t.db
      .selectFrom('rota_tasks')
      .innerJoin('rota_slots', 'rota_slots.task_id', 'rota_tasks.id')
      .select(['rota_tasks.title_en', 'rota_slots.starts_at', 'rota_slots.helpers'])
      .where('rota_tasks.edition', '=', edition + 1)
      .orderBy('rota_slots.starts_at')
      .execute();
    expect(
      copied.map((slot) => [slot.title_en, new Date(slot.starts_at).toISOString(), slot.helpers]),
    ).toEqual([
      ['Gate', '2027-08-14T07:00:00.000Z', 2],
      ['Gate', '2027-08-14T17:00:00.000Z', 1],
    ]);
    const helpers = await t.db
      .selectFrom('rota_helpers')
      .innerJoin('rota_slots', 'rota_slots.id', 'rota_helpers.slot_id')
      .innerJoin('rota_tasks', 'rota_tasks.id', 'rota_slots.task_id')
      .select('rota_helpers.id')
      .where('rota_tasks.edition', '=', edition + 1)
      .execute();
    expect(helpers).toEqual([]);
    // Published again: nothing copied twice.
    await publishContent(t, cookie, 'event', { ...next, edition: edition + 1 });
    expect(
      await t.db
        .selectFrom('rota_tasks')
        .select('id')
        .where('edition', '=', edition + 1)
        .execute(),
    ).toHaveLength(1);
  });
});
