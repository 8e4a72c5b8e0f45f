import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditRows,
  call,
  insertAdmin,
  insertRegistration,
  publishContent,
  sessionCookie,
} from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import type { DashboardStats } from '~/platform/admin/section';

// Issue 32: the organisers confirm registrations, one or all new ones of an edition; each
// participant gets the confirmation e-mail (texts the organisers edit) once, in their language.

const CONFIRM = '/api/admin/registrations/confirm';
const LINK = /\/mano-duomenys\?link=([A-Za-z0-9_-]{43})/;

describe.each(TEST_DATABASE_KINDS)('confirming registrations (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let adminId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'https://bbq.example' });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'ruta@example.com' });
    adminId = admin.id;
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    await t.db.deleteFrom('self_service_links').execute();
    await t.db.deleteFrom('registrations').execute();
  });

  const confirm = (body: unknown, session = cookie) => call(t, 'POST', CONFIRM, { cookie: session, body });
  const mails = () =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'registration.confirmed')
      .orderBy('created_at')
      .execute();
  const statusOf = async (id: string) =>
    t.db
      .selectFrom('registrations')
      .select(['status', 'confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('one registration: confirmed, audited, e-mailed once in its language with the event facts and a working private link', async () => {
    const { id } = await insertRegistration(t.db, {
      email: 'anna@example.com',
      language: 'en',
      first_name: 'Anna',
    });
    const response = await confirm({ ids: [id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirmed: 1 });
    const row = await statusOf(id);
    expect(row.status).toBe('confirmed');
    expect(row.confirmed_at).toBeInstanceOf(Date);

    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe('anna@example.com');
    expect(mail!.related_id).toBe(id);
    expect(mail!.subject).toMatch(/^Registration confirmed – see you on \d{1,2} [A-Z][a-z]+ \d{4}!$/);
    expect(mail!.text_body).toContain('Anna, your registration is confirmed');
    expect(mail!.text_body).not.toContain('{{');
    expect(mail!.html_body).not.toContain('{{');
    // The person's details, and a fresh link to change or cancel that opens this registration.
    expect(mail!.text_body).toContain('Your registration');
    const token = LINK.exec(mail!.text_body)?.[1];
    const view = await t.app.inject({ method: 'GET', url: `/api/my-data?link=${token}&lang=en` });
    expect(view.statusCode).toBe(200);
    expect((view.json() as { title: string }).title).toBe('Your registration');

    const audit = await auditRows(t.db, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'registration.confirm', actor_admin_id: adminId });

    // A second click, or a second organiser: nothing more is sent.
    expect(await (await confirm({ ids: [id] })).json()).toEqual({ confirmed: 0 });
    expect(await mails()).toHaveLength(1);
  });

  it('in Lithuanian, with the texts the organisers published', async () => {
    const published = await publishContent(t, cookie, 'mail.registration', {
      confirmed: {
        subject: { lt: 'Patvirtinta: {{shortDate}}', en: 'Confirmed: {{shortDate}}' },
        heading: { lt: 'Sveiki, {{firstName}}', en: 'Hello, {{firstName}}' },
        intro: { lt: 'Atvažiuokite {{dayMonth}}.', en: 'Come on {{dayMonth}}.' },
        closing: { lt: 'Iki!', en: 'Bye!' },
      },
    });
    expect(published.status).toBe(200);
    const { id } = await insertRegistration(t.db, { language: 'lt', first_name: 'Rūta' });
    expect(await (await confirm({ ids: [id] })).json()).toEqual({ confirmed: 1 });
    const [mail] = await mails();
    expect(mail!.subject).toMatch(/^Patvirtinta: \d{4} m\. [a-zčęėįšųūž]+ \d{1,2} d\.$/);
    expect(mail!.text_body).toContain('Sveiki, Rūta');
    expect(mail!.text_body).toMatch(/Atvažiuokite [a-zčęėįšųūž]+ \d{1,2} d\./);
    expect(mail!.text_body).toContain('Iki!');
  });

  it("all new ones of an edition: not the cancelled, the confirmed or another edition's; the tab count falls to 0", async () => {
    const news = await Promise.all(
      [1, 2, 3].map((i) => insertRegistration(t.db, { email: `p${i}@example.com` })),
    );
    const cancelled = await insertRegistration(t.db, { status: 'cancelled' });
    const noEdition = await insertRegistration(t.db, { edition: null });
    const stats = async () =>
      ((await (await call(t, 'GET', '/api/admin/stats', { cookie })).json()) as DashboardStats).registration!;
    expect((await stats()).unconfirmed).toBe(3);

    const response = await confirm({ all: true });
    expect(await response.json()).toEqual({ confirmed: 3 });
    for (const { id } of news) expect((await statusOf(id)).status).toBe('confirmed');
    expect((await statusOf(cancelled.id)).status).toBe('cancelled');
    expect((await statusOf(noEdition.id)).status).toBe('new');
    expect((await mails()).map((mail) => mail.to_address).sort()).toEqual([
      'p1@example.com',
      'p2@example.com',
      'p3@example.com',
    ]);
    expect((await stats()).unconfirmed).toBe(0);
    // The rows of no edition, when that is the edition shown.
    expect(await (await confirm({ all: true, edition: 'none' })).json()).toEqual({ confirmed: 1 });
  });

  it('two organisers confirming the same ones at once send each e-mail once', async () => {
    const ids = (
      await Promise.all([1, 2, 3, 4].map((i) => insertRegistration(t.db, { email: `q${i}@example.com` })))
    ).map((row) => row.id);
    const answers = await Promise.all([confirm({ ids }), confirm({ ids }), confirm({ all: true })]);
    const counts = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { confirmed: number }).confirmed),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await mails()).toHaveLength(4);
  });

  it('refuses bad input and strangers, and changes nothing', async () => {
    const { id } = await insertRegistration(t.db);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { all: false },
      { all: true, edition: '2026x' },
      { ids: [id], all: true },
    ]) {
      const response = await confirm(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await confirm({ all: true, edition: '999' })).status).toBe(400);
    expect((await confirm({ ids: [id] }, '')).status).toBe(401);
    expect((await statusOf(id)).status).toBe('new');
    expect(await mails()).toEqual([]);
  });
});
