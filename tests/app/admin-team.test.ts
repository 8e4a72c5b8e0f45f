import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/platform/auth/passwords.server';
import { hashSessionId } from '~/platform/auth/sessions.server';
import { openDatabase } from '~/platform/db/client.server';
import { migrations } from '~/app/migrations/index.server';
import { createAdmin } from '~/features/admin/admins.server';
import { deactivateAdmin } from '~/features/admin/team.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { call, insertAdmin, SETUP_TOKEN, sessionCookie } from '@tests/helpers/admin';

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
    ruta = await insertAdmin(t.db, passwordHash, {
      email: 'ruta@example.com',
      firstName: 'Rūta',
      role: 'owner',
    });
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
    // Refused exactly like a wrong password (no answer tells that the password was right).
    const refused = await login('vytas@example.com', PASSWORD);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'invalid_credentials' });
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

// ---- Issue 28, findings 6 and 7: owners manage the team; invitations die with their inviter ----

interface TeamView {
  admins: { id: string; email: string; role: string; active: boolean }[];
  invitations: { id: string; email: string; invitedBy: string | null }[];
}

describe.each(TEST_DATABASE_KINDS)('admin team: owners and admins (%s)', (kind) => {
  let t: TestApp;
  let owner: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_SETUP_TOKEN: SETUP_TOKEN });
    // The first admin, made the way an operator makes it: /admin/setup (an owner).
    const setup = await call(t, 'POST', '/api/admin/setup', {
      body: { token: SETUP_TOKEN, firstName: 'Aldona', email: 'aldona@example.com', password: PASSWORD },
    });
    expect(setup.status).toBe(201);
    const signedIn = await call(t, 'POST', '/api/admin/login', {
      body: { email: 'aldona@example.com', password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const { admin } = (await signedIn.json()) as { admin: { id: string; email: string } };
    owner = { ...admin, cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! };
  });
  afterAll(() => t?.close());

  const post = (cookie: string, path: string, body: unknown = {}) =>
    call(t, 'POST', `/api/admin/team${path}`, { cookie, body });
  const teamAs = async (cookie: string) => {
    const response = await call(t, 'GET', '/api/admin/team', { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as TeamView;
  };
  const invitationFor = async (email: string) =>
    t.db
      .selectFrom('admin_invitations')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  /** The link's token from the newest invitation e-mail to `email`. */
  async function tokenFor(email: string) {
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('template', '=', 'admin.invitation')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /#token=([\w-]+)/.exec(mail.text_body)![1]!;
  }
  const inviteAs = async (cookie: string, email: string, firstName = 'Vardas') =>
    post(cookie, '/invitations', { firstName, email, language: 'lt' });
  const accept = (token: string) =>
    call(t, 'POST', '/api/admin/invitation/accept', { body: { token, password: PASSWORD } });
  /** Invited by `inviterCookie`, accepted: a new admin with a session. */
  async function joinTeam(inviterCookie: string, email: string, firstName = 'Vardas') {
    expect((await inviteAs(inviterCookie, email, firstName)).status).toBe(201);
    const accepted = await accept(await tokenFor(email));
    expect(accepted.status).toBe(201);
    const { admin } = (await accepted.json()) as { admin: { id: string; email: string } };
    return { ...admin, cookie: accepted.headers.getSetCookie()[0]!.split(';')[0]! };
  }
  const isAdmin = async (email: string) =>
    (await t.db.selectFrom('admin_users').select('id').where('email', '=', email).execute()).length > 0;
  const cancelled = { error: 'invitation_cancelled', message: 'admin:invitation.errors.cancelled' };
  const ownerOnly = { error: 'owner_only', message: 'admin:team.errors.ownerOnly' };

  it('a freshly invited admin sees the team and the roles, but cannot change it: 403, nothing written', async () => {
    const bruno = await joinTeam(owner.cookie, 'bruno@example.com', 'Brunonas');
    const dora = await joinTeam(owner.cookie, 'dora@example.com', 'Dora');
    expect((await post(owner.cookie, `/admins/${dora.id}/deactivate`)).status).toBe(200);
    expect((await inviteAs(owner.cookie, 'cile@example.com')).status).toBe(201);
    const open = await invitationFor('cile@example.com');

    const snapshot = async () => ({
      admins: await t.db.selectFrom('admin_users').selectAll().orderBy('id').execute(),
      invitations: await t.db
        .selectFrom('admin_invitations')
        .select(['id', 'cancelled_at', 'accepted_at'])
        .orderBy('id')
        .execute(),
      mails: (await t.db.selectFrom('mail_outbox').select('id').execute()).length,
      audit: (await t.db.selectFrom('audit_log').select('id').execute()).length,
      sessions: (await t.db.selectFrom('sessions').select('id_hash').execute()).length,
    });
    const before = await snapshot();
    const attempts: [string, unknown][] = [
      [`/admins/${owner.id}/deactivate`, {}], // the reviewer's finding: it answered 200
      [`/admins/${owner.id}/role`, { role: 'admin' }],
      [`/admins/${bruno.id}/role`, { role: 'owner' }],
      [`/admins/${dora.id}/reactivate`, {}],
      ['/invitations', { firstName: 'Eva', email: 'eva@example.com', language: 'en' }],
      [`/invitations/${open.id}/resend`, {}],
      [`/invitations/${open.id}/cancel`, {}],
    ];
    for (const [path, body] of attempts) {
      const refused = await post(bruno.cookie, path, body);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual(ownerOnly);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call(t, 'GET', '/api/admin/me', { cookie: owner.cookie })).status).toBe(200);

    // The list itself is open to every admin, with each one's role.
    const seen = await teamAs(bruno.cookie);
    expect(seen.admins.map((a) => [a.email, a.role, a.active])).toEqual(
      expect.arrayContaining([
        ['aldona@example.com', 'owner', true],
        ['bruno@example.com', 'admin', true],
        ['dora@example.com', 'admin', false],
      ]),
    );
  });

  it('the owner makes an admin an owner and takes it away; the last owner stays an owner', async () => {
    const egle = await joinTeam(owner.cookie, 'egle@example.com', 'Eglė');
    const made = await post(owner.cookie, `/admins/${egle.id}/role`, { role: 'owner' });
    expect(made.status).toBe(200);
    expect((await teamAs(owner.cookie)).admins.find((a) => a.id === egle.id)).toMatchObject({
      role: 'owner',
    });
    const again = await post(owner.cookie, `/admins/${egle.id}/role`, { role: 'owner' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'role_unchanged',
      message: 'admin:team.errors.roleUnchanged',
    });
    // As an owner, Eglė manages the team too.
    expect((await inviteAs(egle.cookie, 'fausta@example.com')).status).toBe(201);

    const taken = await post(owner.cookie, `/admins/${egle.id}/role`, { role: 'admin' });
    expect(taken.status).toBe(200);
    expect((await inviteAs(egle.cookie, 'gabija@example.com')).status).toBe(403);

    // The last active owner can neither step down nor deactivate themselves.
    const stepDown = await post(owner.cookie, `/admins/${owner.id}/role`, { role: 'admin' });
    expect(stepDown.status).toBe(409);
    expect(await stepDown.json()).toEqual({ error: 'last_owner', message: 'admin:team.errors.lastOwner' });
    const self = await post(owner.cookie, `/admins/${owner.id}/deactivate`);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: 'cannot_deactivate_self', message: 'admin:team.errors.self' });
    // With a second owner, stepping down is allowed.
    expect((await post(owner.cookie, `/admins/${egle.id}/role`, { role: 'owner' })).status).toBe(200);
    expect((await post(egle.cookie, `/admins/${egle.id}/role`, { role: 'admin' })).status).toBe(200);
    expect(
      await t.db.selectFrom('admin_users').select(['email', 'role']).where('role', '=', 'owner').execute(),
    ).toEqual([{ email: 'aldona@example.com', role: 'owner' }]);

    // Bad requests write nothing.
    const bad = await post(owner.cookie, `/admins/${egle.id}/role`, { role: 'king' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'validation', fields: [{ field: 'role' }] });
    expect((await post(owner.cookie, `/admins/${randomUUID()}/role`, { role: 'owner' })).status).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity_id', '=', egle.id)
      .where('action', 'in', ['admin.make_owner', 'admin.remove_owner'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.make_owner', actor: 'aldona@example.com' },
      { action: 'admin.remove_owner', actor: 'aldona@example.com' },
      { action: 'admin.make_owner', actor: 'aldona@example.com' },
      { action: 'admin.remove_owner', actor: 'egle@example.com' },
    ]);
  });

  it('an owner deactivated after inviting: the invitation is cancelled with them and cannot be accepted', async () => {
    const gintas = await joinTeam(owner.cookie, 'gintas@example.com', 'Gintas');
    expect((await post(owner.cookie, `/admins/${gintas.id}/role`, { role: 'owner' })).status).toBe(200);
    expect((await inviteAs(gintas.cookie, 'hana@example.com', 'Hana')).status).toBe(201);
    const token = await tokenFor('hana@example.com');
    const invitation = await invitationFor('hana@example.com');

    expect((await post(owner.cookie, `/admins/${gintas.id}/deactivate`)).status).toBe(200);
    expect((await invitationFor('hana@example.com')).cancelled_at).not.toBeNull();
    expect((await teamAs(owner.cookie)).invitations.some((i) => i.email === 'hana@example.com')).toBe(false);
    const read = await call(t, 'POST', '/api/admin/invitation', { body: { token } });
    expect(read.status).toBe(410);
    expect(await read.json()).toEqual(cancelled);
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual(cancelled);
    expect(await isAdmin('hana@example.com')).toBe(false);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'admin.deactivate')
      .where('entity_id', '=', gintas.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ invitationsCancelled: [invitation.id] });
  });

  it('an owner who loses the owner role: their open invitations are cancelled too', async () => {
    const ieva = await joinTeam(owner.cookie, 'ieva@example.com', 'Ieva');
    expect((await post(owner.cookie, `/admins/${ieva.id}/role`, { role: 'owner' })).status).toBe(200);
    expect((await inviteAs(ieva.cookie, 'jurgis@example.com', 'Jurgis')).status).toBe(201);
    const token = await tokenFor('jurgis@example.com');
    expect((await post(owner.cookie, `/admins/${ieva.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await invitationFor('jurgis@example.com')).cancelled_at).not.toBeNull();
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual(cancelled);
    expect(await isAdmin('jurgis@example.com')).toBe(false);
  });

  it('accepting checks the inviter at that moment: an inviter no longer an active owner ends the invitation', async () => {
    // A second owner, made as `npm run admin:create` makes one.
    const kestas = await createAdmin(t.db, {
      email: 'kestas@example.com',
      firstName: 'Kęstas',
      password: PASSWORD,
    });
    const kestasCookie = await sessionCookie(t, kestas.id);
    for (const email of ['laima@example.com', 'marius@example.com']) {
      expect((await inviteAs(kestasCookie, email)).status).toBe(201);
    }
    const laima = await tokenFor('laima@example.com');
    const marius = await tokenFor('marius@example.com');
    // The inviter loses access by a path that does not cancel their invitations (a change
    // made straight in the database, or one that commits while the invitee's page is open).
    await t.db.updateTable('admin_users').set({ is_active: false }).where('id', '=', kestas.id).execute();
    const refused = await accept(laima);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual(cancelled);
    expect(await isAdmin('laima@example.com')).toBe(false);

    await t.db
      .updateTable('admin_users')
      .set({ is_active: true, role: 'admin' })
      .where('id', '=', kestas.id)
      .execute();
    expect(await (await accept(marius)).json()).toEqual(cancelled);
    expect(await isAdmin('marius@example.com')).toBe(false);
    // Back as an owner, the same link works again: it was never used.
    await t.db.updateTable('admin_users').set({ role: 'owner' }).where('id', '=', kestas.id).execute();
    expect((await accept(marius)).status).toBe(201);
    await t.db.updateTable('admin_users').set({ role: 'admin' }).where('id', '=', kestas.id).execute();
  });

  it('an acceptance racing the inviter’s deactivation: one of the two, never both, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const inviter = await joinTeam(owner.cookie, `racer-${round}@example.com`);
      expect((await post(owner.cookie, `/admins/${inviter.id}/role`, { role: 'owner' })).status).toBe(200);
      const email = `raced-${round}@example.com`;
      expect((await inviteAs(inviter.cookie, email)).status).toBe(201);
      const token = await tokenFor(email);
      const [accepted, deactivated] = await Promise.all([
        accept(token),
        post(owner.cookie, `/admins/${inviter.id}/deactivate`),
      ]);
      expect(deactivated.status).toBe(200);
      expect([201, 410]).toContain(accepted.status);
      const invitation = await invitationFor(email);
      // Accepted before the deactivation committed, or cancelled by it: never both.
      expect(await isAdmin(email)).toBe(accepted.status === 201);
      expect(invitation.accepted_at !== null).toBe(accepted.status === 201);
      expect(invitation.cancelled_at !== null).toBe(accepted.status === 410);
    }
  });

  it('two owners removing each other at once leave exactly one active owner', async () => {
    const nora = await joinTeam(owner.cookie, 'nora@example.com', 'Nora');
    expect((await post(owner.cookie, `/admins/${nora.id}/role`, { role: 'owner' })).status).toBe(200);
    const activeOwners = () =>
      t.db
        .selectFrom('admin_users')
        .select('id')
        .where('role', '=', 'owner')
        .where('is_active', '=', true)
        .execute();

    // Taking the role from each other at once.
    const demotions = await Promise.all([
      post(owner.cookie, `/admins/${nora.id}/role`, { role: 'admin' }),
      post(nora.cookie, `/admins/${owner.id}/role`, { role: 'admin' }),
    ]);
    expect(demotions.map((r) => r.status).sort()).toEqual([200, 403]);
    let survivors = await activeOwners();
    expect(survivors).toHaveLength(1);
    let winner = survivors[0]!.id === owner.id ? owner : nora;
    let loser = winner === owner ? nora : owner;
    expect((await post(winner.cookie, `/admins/${loser.id}/role`, { role: 'owner' })).status).toBe(200);

    // Deactivating each other at once.
    const deactivations = await Promise.all([
      post(owner.cookie, `/admins/${nora.id}/deactivate`),
      post(nora.cookie, `/admins/${owner.id}/deactivate`),
    ]);
    const statuses = deactivations.map((r) => r.status).sort();
    // One wins; the other is refused (403: no longer an active owner, or 401: its session ended).
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    survivors = await activeOwners();
    expect(survivors).toHaveLength(1);
    winner = survivors[0]!.id === owner.id ? owner : nora;
    loser = winner === owner ? nora : owner;
    // The rule in the function itself: someone who is no longer an active owner changes nothing.
    await expect(
      deactivateAdmin(t.db, { id: loser.id, label: loser.email }, winner.id),
    ).rejects.toMatchObject({ statusCode: 403, code: 'owner_only' });

    // Back to Aldona as the one owner for the other tests.
    if (winner === nora) {
      expect((await post(nora.cookie, `/admins/${owner.id}/reactivate`)).status).toBe(200);
      owner.cookie = await sessionCookie(t, owner.id);
      expect((await post(owner.cookie, `/admins/${nora.id}/role`, { role: 'admin' })).status).toBe(200);
    } else {
      expect((await post(owner.cookie, `/admins/${nora.id}/reactivate`)).status).toBe(200);
      expect((await post(owner.cookie, `/admins/${nora.id}/role`, { role: 'admin' })).status).toBe(200);
    }
  });
});

/** A database with no migrations applied: a new in-memory PGlite, or a new PostgreSQL database. */
async function emptyDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { db: handle.db, drop: () => handle.close() };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `bbq_roles_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return {
    db: handle.db,
    drop: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe.each(TEST_DATABASE_KINDS)('migration 0016: roles in a database made before them (%s)', (kind) => {
  it('makes the earliest active admin and the setup and command-line admins owners; other invitations end', async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0014_privacy')).error).toBeUndefined();

      const add = (email: string, createdAt: string, active = true) =>
        db
          .insertInto('admin_users')
          .values({
            email,
            first_name: 'Vardas',
            password_hash: 'scrypt$17$8$1$x$y',
            is_active: active,
            created_at: createdAt,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
      const gone = await add('gone@example.com', '2025-01-01T10:00:00Z', false);
      const first = await add('first@example.com', '2025-02-01T10:00:00Z');
      const second = await add('second@example.com', '2025-03-01T10:00:00Z');
      const cli = await add('cli@example.com', '2025-04-01T10:00:00Z');
      const third = await add('third@example.com', '2025-05-01T10:00:00Z');
      await db
        .insertInto('audit_log')
        .values({ actor: 'cli', action: 'admin.create', entity: 'admin', entity_id: cli.id })
        .execute();
      const invite = (email: string, by: string, accepted = false) =>
        db
          .insertInto('admin_invitations')
          .values({
            email,
            first_name: 'Vardas',
            token_hash: randomUUID(),
            invited_by: by,
            expires_at: new Date(Date.now() + 3_600_000),
            accepted_at: accepted ? new Date() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const byFirst = await invite('a@example.com', first.id);
      const bySecond = await invite('b@example.com', second.id);
      const usedBySecond = await invite('c@example.com', second.id, true);

      const { error, results } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((r) => r.migrationName)).toContain('0016_admin_roles');

      const roles = Object.fromEntries(
        (await db.selectFrom('admin_users').select(['email', 'role']).execute()).map((r) => [
          r.email,
          r.role,
        ]),
      );
      expect(roles).toEqual({
        'gone@example.com': 'admin',
        'first@example.com': 'owner',
        'second@example.com': 'admin',
        'cli@example.com': 'owner',
        'third@example.com': 'admin',
      });
      const invitations = Object.fromEntries(
        (await db.selectFrom('admin_invitations').select(['id', 'cancelled_at']).execute()).map((r) => [
          r.id,
          r.cancelled_at !== null,
        ]),
      );
      expect(invitations).toEqual({ [byFirst.id]: false, [bySecond.id]: true, [usedBySecond.id]: false });
      const audit = await db
        .selectFrom('audit_log')
        .select(['actor', 'entity_id'])
        .where('action', '=', 'admin.make_owner')
        .orderBy('entity_id')
        .execute();
      expect(audit).toEqual([first.id, cli.id].sort().map((id) => ({ actor: 'migration', entity_id: id })));
      expect([gone.id, third.id]).not.toContain(audit[0]!.entity_id);
      // A role outside the two is refused by the database itself.
      await expect(
        db
          .updateTable('admin_users')
          .set({ role: 'king' as never })
          .where('id', '=', first.id)
          .execute(),
      ).rejects.toThrow();
    } finally {
      await database.drop();
    }
  });
});
