import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import { validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 44 (3): cancelling from the private page asks first and can be undone while the place
// is still free; "delete everything" and "end this link" work without scripts too.

const MANAGE_LINK = /\/mano-duomenys\?link=([\w-]{43})/;

describe.each(DEFAULT_TEST_DATABASE)(
  'undoing a cancellation, and every action without scripts (%s)',
  (kind) => {
    let t: TestApp;
    let cookie: string;
    let ip = 0;

    const register = async (email: string) => {
      const response = await call(t, 'POST', validRequests.registration.url, {
        headers: { 'x-forwarded-for': `10.45.0.${++ip}` },
        body: { ...validRequests.registration.body, email, camping: 'tent', adults: 2, children: 0 },
      });
      expect(response.status).toBe(201);
      const mail = await t.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      return MANAGE_LINK.exec(mail.text_body)![1]!;
    };
    const statusOf = async (email: string) =>
      (
        await t.db
          .selectFrom('registrations')
          .select('status')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).status;
    const api = (path: string, link: string) =>
      call(t, 'POST', `${path}?link=${link}&lang=en`, { headers: { 'x-forwarded-for': `10.45.1.${++ip}` } });
    /** The page's post without scripts: form fields, answered with the page's HTML. */
    const post = async (link: string, intent: string) => {
      const response = await fetch(`${t.url}/mano-duomenys?link=${link}&lang=en`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: t.url,
          'x-forwarded-for': `10.45.2.${++ip}`,
        },
        body: new URLSearchParams({ intent }).toString(),
      });
      return { status: response.status, body: await response.text() };
    };

    beforeAll(async () => {
      t = await startTestApp(kind, { TRUST_PROXY: 'true' });
      const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'undo-admin@example.com' });
      cookie = await sessionCookie(t, admin.id);
    });
    afterAll(() => t?.close());
    beforeEach(async () => {
      await publishContent(t, cookie, 'event', { places: { pitches: null, people: null, offerHours: 24 } });
    });

    it('without scripts: cancel asks first, then cancels; undo gives the place back, told by e-mail', async () => {
      const link = await register('undo.free@example.com');
      const asked = await post(link, 'confirmCancel');
      expect(asked.status).toBe(200);
      expect(asked.body).toContain('Cancel your registration? Your place will be offered to the next person');
      expect(await statusOf('undo.free@example.com')).toBe('new');

      expect((await post(link, 'cancel')).body).toContain('Your registration is cancelled.');
      expect(await statusOf('undo.free@example.com')).toBe('cancelled');

      const restored = await post(link, 'restore');
      expect(restored.status).toBe(200);
      expect(restored.body).toContain('Your registration is back as it was.');
      expect(await statusOf('undo.free@example.com')).toBe('new');
      const changes = await t.db
        .selectFrom('registration_changes')
        .innerJoin('registrations', 'registrations.id', 'registration_changes.registration_id')
        .select(['field', 'before', 'after'])
        .where('registrations.email', '=', 'undo.free@example.com')
        .orderBy('changed_at')
        .execute();
      expect(changes).toEqual([
        { field: 'status', before: 'new', after: 'cancelled' },
        { field: 'status', before: 'cancelled', after: 'new' },
      ]);
      const templates = await t.db
        .selectFrom('mail_outbox')
        .select('template')
        .where('to_address', '=', 'undo.free@example.com')
        .orderBy('created_at')
        .execute();
      expect(templates.map((row) => row.template)).toEqual([
        'registration.confirmation',
        'registration.cancelled',
        'registration.changed',
      ]);
      // A consent reads in words, never "true" or "false".
      expect(restored.body).not.toMatch(/>\s*(true|false)\s*</);
    });

    it('the place went to the first in line: undo is refused with the reason, nothing changes', async () => {
      await publishContent(t, cookie, 'event', { places: { pitches: 1, people: null, offerHours: 24 } });
      await t.db.deleteFrom('registrations').where('email', 'like', 'undo.%').execute();
      const link = await register('undo.leaving@example.com');
      await register('undo.waiting@example.com');
      expect(await statusOf('undo.waiting@example.com')).toBe('waiting');
      expect((await api('/api/my-data/cancel', link)).status).toBe(200);
      expect(await statusOf('undo.waiting@example.com')).toBe('offered');

      const refused = await api('/api/my-data/restore', link);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ message: 'privacy:self.errors.placeTaken' });
      const page = await post(link, 'restore');
      expect(page.status).toBe(409);
      expect(page.body).toContain('Your place has already gone to someone else');
      expect(await statusOf('undo.leaving@example.com')).toBe('cancelled');
      expect(await statusOf('undo.waiting@example.com')).toBe('offered');
    });

    it('without scripts: "end this link" ends it; "delete everything" asks first, then deletes', async () => {
      const ending = await register('undo.end@example.com');
      expect((await post(ending, 'end')).body).toContain('The link is ended');
      expect((await post(ending, 'open')).status).toBe(404);

      const deleting = await register('undo.delete@example.com');
      const asked = await post(deleting, 'confirmDelete');
      expect(asked.body).toContain('Delete this record and every e-mail about it?');
      expect(await statusOf('undo.delete@example.com')).toBe('new');
      expect((await post(deleting, 'delete')).status).toBe(200);
      expect(
        await t.db
          .selectFrom('registrations')
          .select('id')
          .where('email', '=', 'undo.delete@example.com')
          .execute(),
      ).toEqual([]);
    });
  },
);
