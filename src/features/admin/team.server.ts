import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { actorOf, idOf } from '~/platform/admin/area.server';
import { isoDate } from '~/platform/admin/lists.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import { sessionIdFrom } from '~/platform/auth/guard.server';
import { hashPassword, verifyPassword } from '~/platform/auth/passwords.server';
import {
  createSession,
  deleteSession,
  hashSessionId,
  sessionCookieName,
  sessionCookieOptions,
} from '~/platform/auth/sessions.server';
import type { Config } from '~/platform/config/config.server';
import type { AdminRole, Database } from '~/platform/db/schema';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import { isLanguage, type Language } from '~/platform/i18n/languages';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { normaliseEmail } from './admins.server';
import { invitationMail } from './invitation-mail.server';
import {
  acceptSchema,
  INVITATION_ENDPOINTS,
  INVITATION_TTL_HOURS,
  type InvitationDetails,
  invitationReadSchema,
  inviteSchema,
  passwordChangeSchema,
  roleSchema,
  TEAM_ENDPOINTS,
  type TeamOverview,
} from './team';

type Db = Kysely<Database> | Transaction<Database>;

/** Only this hash of an invitation token is stored: a leaked table cannot be used to join. */
const hashInvitationToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'lt');

const ownerOnly = () => new HttpError(403, 'owner_only', { message: 'admin:team.errors.ownerOnly' });

/** Only owners manage the team: 403 for a plain admin, before anything else is read. */
function requireOwner(request: FastifyRequest) {
  if (request.admin?.role !== 'owner') throw ownerOnly();
}

/**
 * The start of every transaction that changes who is on the team or who may invite:
 * deactivating, reactivating, roles, inviting and accepting. One at a time (a table lock that
 * reads do not wait for; a sign-in's last_login_at update waits milliseconds), and the actor
 * must still be an active owner now — not only when their request began — so two owners
 * removing each other cannot both succeed and an inviter removed a moment ago cannot invite.
 * Lock order: admin_users, then invitations.
 */
async function lockTeam(trx: Transaction<Database>, actor?: AuditActor) {
  await sql`lock table admin_users in share row exclusive mode`.execute(trx);
  if (!actor) return;
  if (!actor.id || !(await isActiveOwner(trx, actor.id))) throw ownerOnly();
}

async function isActiveOwner(db: Db, adminId: string | null): Promise<boolean> {
  if (!adminId) return false;
  const row = await db
    .selectFrom('admin_users')
    .select(['role', 'is_active'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  return row?.is_active === true && row.role === 'owner';
}

/** Ends the open invitations sent by an admin, or to an address; returns their ids. */
async function cancelOpenInvitations(
  trx: Transaction<Database>,
  by: { column: 'invited_by' | 'email'; value: string },
): Promise<string[]> {
  const rows = await trx
    .updateTable('admin_invitations')
    .set({ cancelled_at: new Date() })
    .where(by.column, '=', by.value)
    .where('accepted_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** An invitation lives only as long as its inviter is an active owner: theirs end with them. */
const cancelInvitationsBy = (trx: Transaction<Database>, adminId: string) =>
  cancelOpenInvitations(trx, { column: 'invited_by', value: adminId });

/** 409 when the address already belongs to an admin (active, or inactive: reactivate instead). */
async function refuseExistingAdmin(db: Db, email: string) {
  const existing = await db
    .selectFrom('admin_users')
    .select(['is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing?.is_active) {
    throw new HttpError(409, 'admin_exists', { message: 'admin:team.errors.adminExists' });
  }
  if (existing) throw new HttpError(409, 'admin_inactive', { message: 'admin:team.errors.adminInactive' });
}

/**
 * Makes an invitation with a new token and queues its e-mail, in one transaction. An open
 * invitation to the same address is cancelled first: its link stops working (re-inviting
 * revokes). Returns the new invitation's id.
 */
async function issueInvitation(
  db: Kysely<Database>,
  config: Pick<Config, 'PUBLIC_URL'>,
  actor: AuditActor,
  input: { email: string; firstName: string; language: Language },
  action: 'admin.invite' | 'admin.invitation_resend' = 'admin.invite',
): Promise<string> {
  const email = normaliseEmail(input.email);
  const token = randomBytes(32).toString('base64url');
  return db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor);
    // Invitations are rare: one at a time, so two invitations to one address cannot race.
    await sql`lock table admin_invitations in share row exclusive mode`.execute(trx);
    await refuseExistingAdmin(trx, email);
    const replaced = await cancelOpenInvitations(trx, { column: 'email', value: email });
    const row = await trx
      .insertInto('admin_invitations')
      .values({
        email,
        first_name: input.firstName.trim(),
        language: input.language,
        token_hash: hashInvitationToken(token),
        invited_by: actor.id,
        expires_at: new Date(Date.now() + INVITATION_TTL_HOURS * 60 * 60 * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inviter = actor.id
      ? ((
          await trx
            .selectFrom('admin_users')
            .select('first_name')
            .where('id', '=', actor.id)
            .executeTakeFirst()
        )?.first_name ?? actor.label)
      : actor.label;
    await enqueueMail(trx, {
      ...invitationMail(config, {
        email,
        firstName: input.firstName.trim(),
        language: input.language,
        token,
        inviter,
      }),
      related: { table: 'admin_invitations', id: row.id },
    });
    await writeAudit(trx, actor, {
      action,
      entity: 'admin_invitation',
      entityId: row.id,
      details: { email, language: input.language, replaced },
    });
    return row.id;
  });
}

type InvitationState = 'open' | 'expired' | 'used' | 'cancelled';

/** `inviterIsOwner`: an invitation whose inviter is no longer an active owner is cancelled. */
function stateOf(
  row: { accepted_at: Date | null; cancelled_at: Date | null; expires_at: Date },
  inviterIsOwner: boolean,
): InvitationState {
  if (row.accepted_at) return 'used';
  if (row.cancelled_at || !inviterIsOwner) return 'cancelled';
  if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
  return 'open';
}

/** 404 for a token that never existed; 410 for one that did but no longer works. */
function refuseClosed(state: InvitationState | undefined): void {
  if (state === undefined) {
    throw new HttpError(404, 'invitation_not_found', { message: 'admin:invitation.errors.notFound' });
  }
  if (state !== 'open') {
    throw new HttpError(410, `invitation_${state}`, { message: `admin:invitation.errors.${state}` });
  }
}

/** The invitation behind a token and its state, the inviter checked as they are now. */
async function invitationByToken(db: Db, token: string, forUpdate = false) {
  let query = db
    .selectFrom('admin_invitations')
    .select([
      'id',
      'email',
      'first_name',
      'language',
      'invited_by',
      'expires_at',
      'accepted_at',
      'cancelled_at',
    ])
    .where('token_hash', '=', hashInvitationToken(token));
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { row, state: undefined };
  return { row, state: stateOf(row, await isActiveOwner(db, row.invited_by)) };
}

/**
 * Deactivates an admin: they cannot sign in, their sessions end at once, and their open
 * invitations are cancelled. Only an active owner may, never on themselves; so an active owner
 * always remains (two owners deactivating each other at once: the second finds that it is no
 * longer one).
 */
export async function deactivateAdmin(db: Kysely<Database>, actor: AuditActor, targetId: string) {
  if (actor.id === targetId) {
    throw new HttpError(409, 'cannot_deactivate_self', { message: 'admin:team.errors.self' });
  }
  return db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor);
    const target = await trx
      .selectFrom('admin_users')
      .select(['id', 'email', 'is_active'])
      .where('id', '=', targetId)
      .executeTakeFirst();
    if (!target) throw notFound();
    if (!target.is_active) {
      throw new HttpError(409, 'already_inactive', { message: 'admin:team.errors.alreadyInactive' });
    }
    await trx.updateTable('admin_users').set({ is_active: false }).where('id', '=', targetId).execute();
    const ended = await trx.deleteFrom('sessions').where('admin_user_id', '=', targetId).executeTakeFirst();
    const invitationsCancelled = await cancelInvitationsBy(trx, targetId);
    await writeAudit(trx, actor, {
      action: 'admin.deactivate',
      entity: 'admin',
      entityId: targetId,
      details: { email: target.email, sessionsEnded: Number(ended.numDeletedRows), invitationsCancelled },
    });
  });
}

/** Lets a deactivated admin sign in again, with the role they had. Owners only. */
async function reactivateAdmin(db: Kysely<Database>, actor: AuditActor, targetId: string) {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor);
    const target = await trx
      .selectFrom('admin_users')
      .select(['email', 'is_active', 'role'])
      .where('id', '=', targetId)
      .executeTakeFirst();
    if (!target) throw notFound();
    if (target.is_active) {
      throw new HttpError(409, 'already_active', { message: 'admin:team.errors.alreadyActive' });
    }
    await trx.updateTable('admin_users').set({ is_active: true }).where('id', '=', targetId).execute();
    await writeAudit(trx, actor, {
      action: 'admin.reactivate',
      entity: 'admin',
      entityId: targetId,
      details: { email: target.email, role: target.role },
    });
  });
}

/**
 * Makes an admin an owner, or takes that away (their open invitations end: only owners
 * invite). Owners only; an owner may step down while another active owner remains, and the
 * last active owner stays one.
 */
async function setAdminRole(db: Kysely<Database>, actor: AuditActor, targetId: string, role: AdminRole) {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor);
    const target = await trx
      .selectFrom('admin_users')
      .select(['email', 'is_active', 'role'])
      .where('id', '=', targetId)
      .executeTakeFirst();
    if (!target) throw notFound();
    if (target.role === role) {
      throw new HttpError(409, 'role_unchanged', { message: 'admin:team.errors.roleUnchanged' });
    }
    if (role === 'owner' && !target.is_active) {
      throw new HttpError(409, 'admin_inactive', { message: 'admin:team.errors.ownerInactive' });
    }
    let invitationsCancelled: string[] = [];
    if (role === 'admin') {
      const others = await trx
        .selectFrom('admin_users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'owner')
        .where('is_active', '=', true)
        .where('id', '!=', targetId)
        .executeTakeFirstOrThrow();
      if (Number(others.count) === 0) {
        throw new HttpError(409, 'last_owner', { message: 'admin:team.errors.lastOwner' });
      }
      invitationsCancelled = await cancelInvitationsBy(trx, targetId);
    }
    await trx.updateTable('admin_users').set({ role }).where('id', '=', targetId).execute();
    const entry = { entity: 'admin', entityId: targetId, details: { email: target.email } };
    await writeAudit(
      trx,
      actor,
      role === 'owner'
        ? { action: 'admin.make_owner', ...entry }
        : { action: 'admin.remove_owner', ...entry, details: { ...entry.details, invitationsCancelled } },
    );
  });
}

/** The team page's data: every admin, and the invitations not yet accepted or cancelled. */
async function teamOverview(db: Kysely<Database>): Promise<TeamOverview> {
  const admins = await db
    .selectFrom('admin_users')
    .select(['id', 'email', 'first_name', 'is_active', 'role', 'last_login_at', 'created_at'])
    .orderBy('created_at')
    .orderBy('email')
    .execute();
  const invitations = await db
    .selectFrom('admin_invitations')
    .leftJoin('admin_users', 'admin_users.id', 'admin_invitations.invited_by')
    .select([
      'admin_invitations.id',
      'admin_invitations.email',
      'admin_invitations.first_name',
      'admin_invitations.language',
      'admin_invitations.created_at',
      'admin_invitations.expires_at',
      'admin_users.email as invited_by',
    ])
    .where('admin_invitations.accepted_at', 'is', null)
    .where('admin_invitations.cancelled_at', 'is', null)
    .orderBy('admin_invitations.created_at', 'desc')
    .execute();
  return {
    admins: admins.map((a) => ({
      id: a.id,
      email: a.email,
      firstName: a.first_name,
      active: a.is_active,
      role: a.role,
      lastLoginAt: isoDate(a.last_login_at),
      createdAt: isoDate(a.created_at)!,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      firstName: i.first_name,
      language: i.language,
      status: new Date(i.expires_at).getTime() <= Date.now() ? 'expired' : 'pending',
      invitedBy: i.invited_by,
      createdAt: isoDate(i.created_at)!,
      expiresAt: isoDate(i.expires_at)!,
    })),
  };
}

/** An open (not accepted, not cancelled) invitation by id, or 404. */
async function openInvitation(db: Db, id: string) {
  const row = await db
    .selectFrom('admin_invitations')
    .select(['id', 'email', 'first_name', 'language'])
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The team's API: the list and one's own password for every admin; invitations (invite,
 * resend, cancel), deactivate/reactivate and roles for owners only (403 `owner_only`), all
 * behind the admin guard; reading and accepting an invitation are public
 * (the token is the key), still behind the guard's Origin check.
 */
export async function teamRoutes(scope: FastifyInstance) {
  const { config, database } = scope.ctx;
  const db = database.db;
  const cookieName = sessionCookieName(config.PUBLIC_URL);

  scope.get(TEAM_ENDPOINTS.team.path, async (): Promise<TeamOverview> => teamOverview(db));

  scope.post(TEAM_ENDPOINTS.invite.path, async (request, reply) => {
    requireOwner(request);
    const input = parseInput(inviteSchema, request.body);
    const id = await issueInvitation(db, config, actorOf(request), input);
    scope.ctx.mailWorker.wake();
    request.log.info({ admin: request.admin!.id }, 'admin invitation sent');
    return reply.code(201).send({ id });
  });

  scope.post(TEAM_ENDPOINTS.resend.path, async (request, reply) => {
    requireOwner(request);
    const existing = await openInvitation(db, idOf(request.params));
    const id = await issueInvitation(
      db,
      config,
      actorOf(request),
      { email: existing.email, firstName: existing.first_name, language: languageOf(existing.language) },
      'admin.invitation_resend',
    );
    scope.ctx.mailWorker.wake();
    return reply.code(201).send({ id });
  });

  scope.post(TEAM_ENDPOINTS.cancel.path, async (request) => {
    requireOwner(request);
    const id = idOf(request.params);
    await db.transaction().execute(async (trx) => {
      const row = await openInvitation(trx, id);
      await trx
        .updateTable('admin_invitations')
        .set({ cancelled_at: new Date() })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .execute();
      await writeAudit(trx, actorOf(request), {
        action: 'admin.invitation_cancel',
        entity: 'admin_invitation',
        entityId: id,
        details: { email: row.email },
      });
    });
    return { ok: true };
  });

  scope.post(TEAM_ENDPOINTS.deactivate.path, async (request) => {
    requireOwner(request);
    await deactivateAdmin(db, actorOf(request), idOf(request.params));
    return { ok: true };
  });

  scope.post(TEAM_ENDPOINTS.reactivate.path, async (request) => {
    requireOwner(request);
    await reactivateAdmin(db, actorOf(request), idOf(request.params));
    return { ok: true };
  });

  scope.post(TEAM_ENDPOINTS.role.path, async (request) => {
    requireOwner(request);
    const id = idOf(request.params);
    const { role } = parseInput(roleSchema, request.body);
    await setAdminRole(db, actorOf(request), id, role);
    return { ok: true };
  });

  // One's own password: the current one is checked (slow, like a sign-in, so rate-limited);
  // every other session of this admin ends, this one stays.
  scope.post(
    TEAM_ENDPOINTS.password.path,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const input = parseInput(passwordChangeSchema, request.body);
      const admin = request.admin!;
      const stored = await db
        .selectFrom('admin_users')
        .select('password_hash')
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(input.currentPassword, stored.password_hash))) {
        request.log.warn(
          { admin: admin.email, ip: request.ip },
          'password change refused: wrong current password',
        );
        throw new HttpError(400, 'wrong_password', {
          message: 'admin:team.errors.currentPasswordWrong',
          fields: [{ field: 'currentPassword', message: 'admin:team.errors.currentPasswordWrong' }],
        });
      }
      const passwordHash = await hashPassword(input.newPassword);
      const current = hashSessionId(sessionIdFrom(request, config.PUBLIC_URL)!);
      const sessionsEnded = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('admin_users')
          .set({ password_hash: passwordHash })
          .where('id', '=', admin.id)
          .execute();
        const ended = await trx
          .deleteFrom('sessions')
          .where('admin_user_id', '=', admin.id)
          .where('id_hash', '!=', current)
          .executeTakeFirst();
        const count = Number(ended.numDeletedRows);
        await writeAudit(trx, actorOf(request), {
          action: 'admin.password_change',
          entity: 'admin',
          entityId: admin.id,
          details: { sessionsEnded: count },
        });
        return count;
      });
      request.log.info({ admin: admin.id, sessionsEnded }, 'admin changed their password');
      return { ok: true, sessionsEnded };
    },
  );

  // ---- Public: the invitee's page --------------------------------------------------
  const publicLimited = { adminPublic: true, rateLimit: { max: 30, timeWindow: '15 minutes' } };

  scope.post(
    INVITATION_ENDPOINTS.read.path,
    { config: publicLimited },
    async (request): Promise<InvitationDetails> => {
      const { token } = parseInput(invitationReadSchema, request.body);
      const { row, state } = await invitationByToken(db, token);
      refuseClosed(state);
      return {
        email: row!.email,
        firstName: row!.first_name,
        language: row!.language,
        expiresAt: isoDate(row!.expires_at)!,
      };
    },
  );

  scope.post(INVITATION_ENDPOINTS.accept.path, { config: publicLimited }, async (request, reply) => {
    const input = parseInput(acceptSchema, request.body);
    // Checked before the (slow) hashing, and again in the transaction that uses it: with the
    // team locked, so the inviter cannot stop being an active owner between check and use.
    refuseClosed((await invitationByToken(db, input.token)).state);
    const passwordHash = await hashPassword(input.password);
    const admin = await db.transaction().execute(async (trx) => {
      await lockTeam(trx);
      const { row, state } = await invitationByToken(trx, input.token, true);
      refuseClosed(state);
      await refuseExistingAdmin(trx, row!.email);
      const created = await trx
        .insertInto('admin_users')
        .values({ email: row!.email, first_name: row!.first_name, password_hash: passwordHash })
        .returning(['id', 'email', 'first_name'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('admin_invitations')
        .set({ accepted_at: new Date(), accepted_admin_id: created.id })
        .where('id', '=', row!.id)
        .execute();
      await writeAudit(
        trx,
        { id: created.id, label: created.email },
        {
          action: 'admin.invitation_accept',
          entity: 'admin',
          entityId: created.id,
          details: { email: created.email, invitation: row!.id },
        },
      );
      return created;
    });
    // Signed in at once: a fresh session (an old cookie's session ends here).
    await deleteSession(db, sessionIdFrom(request, config.PUBLIC_URL));
    const sessionId = await createSession(db, admin.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await db
      .updateTable('admin_users')
      .set({ last_login_at: new Date() })
      .where('id', '=', admin.id)
      .execute();
    request.log.info({ admin: admin.id, ip: request.ip }, 'admin invitation accepted');
    return reply
      .code(201)
      .setCookie(cookieName, sessionId, sessionCookieOptions(config.PUBLIC_URL))
      .send({ admin: { id: admin.id, email: admin.email, firstName: admin.first_name } });
  });
}
