import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { hashSessionId } from '~/platform/auth/sessions.server';
import { deactivateAdmin } from '~/features/admin/team.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';

const PASSWORD = 'Ežero-vakaras-2026!';
const NEW_PASSWORD = 'Miško-takas-prie-upės-7';
const EVIL = 'https://evil.example';

describe.each(TEST_DATABASE_KINDS)('admin team: invitations, deactivation, password (%s)', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  let ruta: { id: string; email: string };
  let rutaCookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    passwordHash = await hashPassword(PASSWORD);
    ruta = await insertAdmin(t.db, passwordHash, { email: 'ruta@example.com', firstName: 'Rūta' });
    rutaCookie = await sessionCookie(t, ruta.id);
  });
  afterAll(() => t?.close());

  const invite = (body: Record<string, string>, cookie = rutaCookie) =>
    call(t, 'POST', '/api/admin/team/invitations', { cookie, body });
  const readInvitation = (token: string) => call(t, 'POST', '/api/admin/invitation', { body: { token } });
  const accept = (token: string, password = PASSWORD) =>
    call(t, 'POST', '/api/admin/invitation/accept', { body: { token, password } });
  const login = (email: string, password: string) =>
    call(t, 'POST', '/api/admin/login', { body: { email, password } });
  const cookieFrom = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;
  const team = async () =>
    (await (await call(t, 'GET', '/api/admin/team', { cookie: rutaCookie })).json()) as {
      admins: { id: string; email: string; active: boolean; lastLoginAt: string | null }[];
      invitations: { id: string; email: string; status: string; invitedBy: string | null }[];
    };

  /** The token in the newest invitation e-mail to `email`, read from the outbox like a mail client would. */
  async function mailedToken(email: string) {
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('template', '=', 'admin.invitation')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /(http:\/\/\S+\/admin\/invitation\?lang=(lt|en)#token=([\w-]+))/.exec(mail.text_body);
    expect(link, mail.text_body).not.toBeNull();
    expect(mail.html_body).toContain(link![1]);
    return { mail, link: link![1]!, language: link![2]!, token: link![3]! };
  }

  it('invite → e-mail in the outbox with the link → accept → signed in, and can sign in later', async () => {
    const invited = await invite({ firstName: 'Jonas', email: ' Jonas@Example.com ', language: 'en' });
    expect(invited.status).toBe(201);
    const { id } = (await invited.json()) as { id: string };

    const { mail, language, token } = await mailedToken('jonas@example.com');
    expect(language).toBe('en');
    expect(mail.subject).toBe('Invitation to the Lithuanian BBQ Weekend in Wales admin area');
    expect(mail.text_body).toContain('Hello Jonas,');
    expect(mail.text_body).toContain('Rūta has invited you');
    expect(mail.text_body).toContain('72 hours');
    expect(mail.related_table).toBe('admin_invitations');
    expect(mail.related_id).toBe(id);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits

    // Only the token's hash is stored.
    const row = await t.db
      .selectFrom('admin_invitations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    expect(row).toMatchObject({
      email: 'jonas@example.com',
      first_name: 'Jonas',
      language: 'en',
      invited_by: ruta.id,
    });

    expect((await team()).invitations).toEqual([
      expect.objectContaining({
        id,
        email: 'jonas@example.com',
        status: 'pending',
        invitedBy: 'ruta@example.com',
      }),
    ]);

    // The invitee's page reads the invitation…
    const read = await readInvitation(token);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      email: 'jonas@example.com',
      firstName: 'Jonas',
      language: 'en',
    });

    // …refuses a short password (setup's rules), writing nothing…
    const short = await accept(token, 'short');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: 'validation',
      fields: [{ field: 'password', message: 'admin:form.errors.passwordMin' }],
    });
    expect(
      await t.db.selectFrom('admin_users').where('email', '=', 'jonas@example.com').select('id').execute(),
    ).toEqual([]);

    // …and with a good one creates the admin and signs them in.
    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const jonasCookie = cookieFrom(accepted);
    const me = await call(t, 'GET', '/api/admin/me', { cookie: jonasCookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ admin: { email: 'jonas@example.com', firstName: 'Jonas' } });

    // Single use.
    const again = await accept(token);
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: 'invitation_used', message: 'admin:invitation.errors.used' });
    expect((await readInvitation(token)).status).toBe(410);

    // Later, the ordinary sign-in works with the chosen password.
    expect((await login('jonas@example.com', PASSWORD)).status).toBe(200);

    const overview = await team();
    expect(overview.invitations).toEqual([]);
    expect(overview.admins.find((a) => a.email === 'jonas@example.com')).toMatchObject({ active: true });
    expect(overview.admins.find((a) => a.email === 'jonas@example.com')!.lastLoginAt).not.toBeNull();

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'entity'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'admin.invite', actor: 'ruta@example.com', entity: 'admin_invitation' },
        { action: 'admin.invitation_accept', actor: 'jonas@example.com', entity: 'admin' },
      ]),
    );
  });

  it('writes the invitation in Lithuanian when asked', async () => {
    expect((await invite({ firstName: 'Ona', email: 'ona@example.com', language: 'lt' })).status).toBe(201);
    const { mail, language } = await mailedToken('ona@example.com');
    expect(language).toBe('lt');
    expect(mail.subject).toBe('Kvietimas administruoti svetainę „Lietuvių BBQ savaitgalis Velse“');
    expect(mail.text_body).toContain('Rūta kviečia jus');
  });

  it('refuses unknown (404), expired, cancelled and replaced (410) invitations with the usual error body', async () => {
    const unknown = await readInvitation('no-such-token-at-all');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'invitation_not_found',
      message: 'admin:invitation.errors.notFound',
    });
    expect((await accept('no-such-token-at-all')).status).toBe(404);

    // Expired.
    await invite({ firstName: 'Petras', email: 'petras@example.com', language: 'lt' });
    const expired = await mailedToken('petras@example.com');
    await t.db
      .updateTable('admin_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'petras@example.com')
      .execute();
    expect((await team()).invitations.find((i) => i.email === 'petras@example.com')?.status).toBe('expired');
    const tooLate = await accept(expired.token);
    expect(tooLate.status).toBe(410);
    expect(await tooLate.json()).toEqual({
      error: 'invitation_expired',
      message: 'admin:invitation.errors.expired',
    });

    // Resending makes a new link; the old one is cancelled.
    const pending = (await team()).invitations.find((i) => i.email === 'petras@example.com')!;
    const resent = await call(t, 'POST', `/api/admin/team/invitations/${pending.id}/resend`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(resent.status).toBe(201);
    const fresh = await mailedToken('petras@example.com');
    expect(fresh.token).not.toBe(expired.token);
    expect(await (await accept(expired.token)).json()).toMatchObject({ error: 'invitation_cancelled' });
    expect((await readInvitation(fresh.token)).status).toBe(200);

    // Re-inviting the same address also revokes the previous link.
    await invite({ firstName: 'Petras', email: 'petras@example.com', language: 'en' });
    const newest = await mailedToken('petras@example.com');
    expect(newest.language).toBe('en');
    expect((await readInvitation(fresh.token)).status).toBe(410);
    expect((await team()).invitations.filter((i) => i.email === 'petras@example.com')).toHaveLength(1);

    // Cancelled by an admin.
    const open = (await team()).invitations.find((i) => i.email === 'petras@example.com')!;
    const cancelled = await call(t, 'POST', `/api/admin/team/invitations/${open.id}/cancel`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    const refused = await accept(newest.token);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({
      error: 'invitation_cancelled',
      message: 'admin:invitation.errors.cancelled',
    });
    expect((await team()).invitations.some((i) => i.email === 'petras@example.com')).toBe(false);
    expect(
      await t.db.selectFrom('admin_users').where('email', '=', 'petras@example.com').select('id').execute(),
    ).toEqual([]);
    // Cancelling twice: the invitation is no longer open.
    expect(
      (
        await call(t, 'POST', `/api/admin/team/invitations/${open.id}/cancel`, {
          cookie: rutaCookie,
          body: {},
        })
      ).status,
    ).toBe(404);
    const actions = (
      await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'admin_invitation').execute()
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.invitation_resend', 'admin.invitation_cancel']));
  });

  it('inviting an existing admin is a 409, and nothing is sent', async () => {
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    const duplicate = await invite({ firstName: 'Rūta', email: 'RUTA@example.com', language: 'lt' });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: 'admin_exists',
      message: 'admin:team.errors.adminExists',
    });
    await insertAdmin(t.db, passwordHash, { email: 'sleeping@example.com', active: false });
    const inactive = await invite({ firstName: 'Miegantis', email: 'sleeping@example.com', language: 'lt' });
    expect(inactive.status).toBe(409);
    expect(await inactive.json()).toMatchObject({ error: 'admin_inactive' });
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);

    const invalid = await invite({ firstName: 'X', email: 'not-an-email', language: 'de' });
    expect(invalid.status).toBe(400);
    expect(
      ((await invalid.json()) as { fields: { field: string }[] }).fields.map((f) => f.field).sort(),
    ).toEqual(['email', 'firstName', 'language']);
  });

  it('deactivating an admin ends their sessions at once and stops sign-in; reactivating lets them back', async () => {
    const vytas = await insertAdmin(t.db, passwordHash, { email: 'vytas@example.com', firstName: 'Vytas' });
    const first = await sessionCookie(t, vytas.id);
    const second = cookieFrom(await login('vytas@example.com', PASSWORD));
    expect((await call(t, 'GET', '/api/admin/me', { cookie: first })).status).toBe(200);

    const self = await call(t, 'POST', `/api/admin/team/admins/${ruta.id}/deactivate`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: 'cannot_deactivate_self', message: 'admin:team.errors.self' });

    const done = await call(t, 'POST', `/api/admin/team/admins/${vytas.id}/deactivate`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(done.status).toBe(200);
    for (const cookie of [first, second]) {
      expect((await call(t, 'GET', '/api/admin/me', { cookie })).status).toBe(401);
    }
    expect(
      await t.db.selectFrom('sessions').where('admin_user_id', '=', vytas.id).select('id_hash').execute(),
    ).toEqual([]);
    const refused = await login('vytas@example.com', PASSWORD);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'not_admin' });
    expect((await team()).admins.find((a) => a.id === vytas.id)).toMatchObject({ active: false });

    const twice = await call(t, 'POST', `/api/admin/team/admins/${vytas.id}/deactivate`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(twice.status).toBe(409);

    const back = await call(t, 'POST', `/api/admin/team/admins/${vytas.id}/reactivate`, {
      cookie: rutaCookie,
      body: {},
    });
    expect(back.status).toBe(200);
    expect((await login('vytas@example.com', PASSWORD)).status).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity_id', '=', vytas.id)
      .where('action', 'in', ['admin.deactivate', 'admin.reactivate'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.deactivate', actor: 'ruta@example.com' },
      { action: 'admin.reactivate', actor: 'ruta@example.com' },
    ]);
  });

  it('never deactivates the last active admin, even when two deactivate each other at once', async () => {
    // Only the two of them are active for this test.
    const others = await t.db
      .updateTable('admin_users')
      .set({ is_active: false })
      .where('id', '!=', ruta.id)
      .where('is_active', '=', true)
      .returning('id')
      .execute();
    try {
      const lina = await insertAdmin(t.db, passwordHash, { email: 'lina@example.com', firstName: 'Lina' });
      const linaCookie = await sessionCookie(t, lina.id);
      const [a, b] = await Promise.all([
        call(t, 'POST', `/api/admin/team/admins/${lina.id}/deactivate`, { cookie: rutaCookie, body: {} }),
        call(t, 'POST', `/api/admin/team/admins/${ruta.id}/deactivate`, { cookie: linaCookie, body: {} }),
      ]);
      const statuses = [a.status, b.status].sort();
      // One wins; the other is refused (409 last_admin, or 401 when its own session already ended).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const active = await t.db
        .selectFrom('admin_users')
        .select('id')
        .where('is_active', '=', true)
        .execute();
      expect(active).toHaveLength(1);

      // The rule itself: the one active admin cannot be deactivated by anyone.
      const survivor = active[0]!.id;
      const loser = survivor === ruta.id ? lina : ruta;
      await expect(
        deactivateAdmin(t.db, { id: loser.id, label: loser.email }, survivor),
      ).rejects.toMatchObject({ statusCode: 409, code: 'last_admin' });
      await t.db.updateTable('admin_users').set({ is_active: true }).where('id', '=', ruta.id).execute();
      await t.db.updateTable('admin_users').set({ is_active: false }).where('id', '=', lina.id).execute();
    } finally {
      if (others.length > 0) {
        await t.db
          .updateTable('admin_users')
          .set({ is_active: true })
          .where(
            'id',
            'in',
            others.map((o) => o.id),
          )
          .execute();
      }
      rutaCookie = await sessionCookie(t, ruta.id);
    }
  });

  it('changing one’s password needs the current one and ends the other sessions only', async () => {
    const egle = await insertAdmin(t.db, passwordHash, { email: 'egle@example.com', firstName: 'Eglė' });
    const here = cookieFrom(await login('egle@example.com', PASSWORD));
    const elsewhere = await sessionCookie(t, egle.id);
    const change = (currentPassword: string, newPassword: string) =>
      call(t, 'POST', '/api/admin/password', { cookie: here, body: { currentPassword, newPassword } });

    const wrong = await change('not-my-password', NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: 'wrong_password',
      fields: [{ field: 'currentPassword', message: 'admin:team.errors.currentPasswordWrong' }],
    });
    const weak = await change(PASSWORD, 'short');
    expect(weak.status).toBe(400);
    expect((await call(t, 'GET', '/api/admin/me', { cookie: elsewhere })).status).toBe(200);

    const changed = await change(PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ ok: true, sessionsEnded: 1 });
    expect((await call(t, 'GET', '/api/admin/me', { cookie: here })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/me', { cookie: elsewhere })).status).toBe(401);
    expect(
      await t.db.selectFrom('sessions').where('admin_user_id', '=', egle.id).select('id_hash').execute(),
    ).toEqual([{ id_hash: hashSessionId(here.split('=')[1]!) }]);

    expect((await login('egle@example.com', PASSWORD)).status).toBe(401);
    expect((await login('egle@example.com', NEW_PASSWORD)).status).toBe(200);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('entity_id', '=', egle.id)
        .where('action', '=', 'admin.password_change')
        .execute(),
    ).toEqual([{ action: 'admin.password_change', actor: 'egle@example.com' }]);
  });

  it('refuses anonymous and cross-site requests, writing nothing', async () => {
    const invitations = await t.db.selectFrom('admin_invitations').select('id').execute();
    const id = invitations[0]!.id;
    const guarded: [string, string, unknown][] = [
      ['GET', '/api/admin/team', undefined],
      ['POST', '/api/admin/team/invitations', { firstName: 'Eve', email: 'eve@example.com', language: 'en' }],
      ['POST', `/api/admin/team/invitations/${id}/resend`, {}],
      ['POST', `/api/admin/team/invitations/${id}/cancel`, {}],
      ['POST', `/api/admin/team/admins/${ruta.id}/deactivate`, {}],
      ['POST', `/api/admin/team/admins/${ruta.id}/reactivate`, {}],
      ['POST', '/api/admin/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
    ];
    for (const [method, path, body] of guarded) {
      const anonymous = await call(t, method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'unauthorized' });
      if (method !== 'GET') {
        const crossSite = await call(t, method, path, { body, cookie: rutaCookie, origin: EVIL });
        expect(crossSite.status, `${method} ${path} cross-site`).toBe(403);
        expect(await crossSite.json()).toEqual({ error: 'bad_origin' });
        const noOrigin = await call(t, method, path, { body, cookie: rutaCookie, origin: null });
        expect(noOrigin.status, `${method} ${path} without Origin`).toBe(403);
      }
    }
    // The public invitation endpoints still check the Origin.
    await invite({ firstName: 'Saulė', email: 'saule@example.com', language: 'lt' });
    const { token } = await mailedToken('saule@example.com');
    for (const path of ['/api/admin/invitation', '/api/admin/invitation/accept']) {
      const crossSite = await call(t, 'POST', path, { body: { token, password: PASSWORD }, origin: EVIL });
      expect(crossSite.status, path).toBe(403);
      expect(await crossSite.json()).toEqual({ error: 'bad_origin' });
    }
    expect(
      await t.db
        .selectFrom('admin_users')
        .where('email', 'in', ['eve@example.com', 'saule@example.com'])
        .select('id')
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('admin_invitations')
        .where('email', '=', 'eve@example.com')
        .select('id')
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('admin_users').where('id', '=', ruta.id).select('is_active').executeTakeFirst(),
    ).toEqual({
      is_active: true,
    });
  });
});
