import type { ServerFeature } from '~/platform/feature.server';
import type { FastifyInstance } from 'fastify';
import { type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { csvDateTime } from '~/platform/admin/csv.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import { ADMIN_ENDPOINTS } from '~/platform/admin/section';
import { writeAudit } from '~/platform/auth/audit.server';
import { sessionIdFrom } from '~/platform/auth/guard.server';
import {
  createSession,
  deleteSession,
  readSession,
  sessionCookieName,
  sessionCookieOptions,
} from '~/platform/auth/sessions.server';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import {
  ADMIN_AUTH_ENDPOINTS,
  AUDIT_LIST,
  type AuditRow,
  OUTBOX_ENDPOINTS,
  OUTBOX_LIST,
  type OutboxMail,
  type OutboxRow,
} from './admin';
import { adminCount, createAdmin, whileNoAdmin } from './admins.server';
import { attemptLogin, type SignInNotice } from './login.server';
import { renderSignInNotice, SIGN_IN_NOTICE_TEMPLATE } from './sign-in-notice.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { API_MESSAGES } from '~/platform/http/api';
import { loginSchema, setupSchema } from './schema';
import { SetupToken } from './setup-token.server';
import { mailStats, outboxRetryRoutes } from './outbox.server';
import { teamRoutes } from './team.server';

const outboxSource: AdminListSource<OutboxRow> = {
  list: OUTBOX_LIST,
  table: 'mail_outbox',
  columns: [
    'id',
    'template',
    'to_address',
    'subject',
    'status',
    'attempts',
    'last_error',
    'created_at',
    'sent_at',
  ],
  search: ['to_address', 'subject', 'template'],
  filterColumn: 'status',
  toRow: (r) => ({ ...r, created_at: isoDate(r.created_at)!, sent_at: isoDate(r.sent_at) }) as OutboxRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.to', value: (r) => r.to_address },
    { header: 'fields.subject', value: (r) => r.subject },
    { header: 'fields.template', value: (r, label) => label('template', r.template) },
    { header: 'fields.status', value: (r, label) => label('outboxStatus', r.status) },
    { header: 'fields.attempts', value: (r) => r.attempts },
    { header: 'fields.sentAt', value: (r) => csvDateTime(r.sent_at) },
    { header: 'fields.lastError', value: (r) => r.last_error },
  ],
};

const auditSource: AdminListSource<AuditRow> = {
  list: AUDIT_LIST,
  table: 'audit_log',
  columns: ['id', 'actor', 'action', 'entity', 'entity_id', 'details', 'created_at'],
  search: ['actor', 'action', 'entity', 'entity_id', 'details'],
  filterColumn: 'entity',
  newestIdFirst: true,
  toRow: (r) =>
    ({
      ...r,
      id: String(r.id),
      details: (r.details ?? null) as AuditRow['details'],
      created_at: isoDate(r.created_at)!,
    }) as AuditRow,
  csv: [
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
    { header: 'fields.actor', value: (r) => r.actor },
    { header: 'fields.action', value: (r, label) => label('action', r.action) },
    { header: 'fields.entity', value: (r, label) => label('entity', r.entity) },
    { header: 'fields.entityId', value: (r) => r.entity_id },
    { header: 'fields.details', value: (r) => (r.details ? JSON.stringify(r.details) : null) },
  ],
};

/**
 * The admin area's own API: first-run setup, sign-in and sign-out (public), who is signed
 * in, and reading a queued e-mail. Everything else is guarded (platform/auth/guard.server.ts).
 */
async function adminRoutes(scope: FastifyInstance) {
  const { config, database } = scope.ctx;
  const db = database.db;
  const setupToken = new SetupToken(db, config.ADMIN_SETUP_TOKEN);
  const cookieName = sessionCookieName(config.PUBLIC_URL);

  // While no admin exists, make (or announce) the one-time setup token in the server log.
  scope.addHook('onReady', async () => {
    if ((await adminCount(db)) > 0) {
      await setupToken.spend(db); // one left by a release that did not delete it, or by an admin:create
      return;
    }
    if (setupToken.configured) {
      scope.log.warn(
        `No administrator yet. Open ${config.PUBLIC_URL}/admin/setup and enter ADMIN_SETUP_TOKEN, or run "npm run admin:create".`,
      );
      return;
    }
    const token = await setupToken.shared();
    scope.log.warn(
      `No administrator yet. Create the first one at ${config.PUBLIC_URL}/admin/setup#token=${token} ` +
        `(one-time setup token: ${token}), or run "npm run admin:create -- --email you@example.com --name Name".`,
    );
  });

  /** Repeated failed sign-ins on an account: an e-mail to its owner and an audit entry. */
  async function tellOwner(notice: SignInNotice, ip: string) {
    await db.transaction().execute(async (trx) => {
      await writeAudit(
        trx,
        { id: null, label: notice.email },
        {
          action: 'admin.sign_in_failures',
          entity: 'admin',
          entityId: notice.adminId,
          details: { failures: notice.failures, ip },
        },
      );
      await enqueueMail(trx, {
        template: SIGN_IN_NOTICE_TEMPLATE,
        to: notice.email,
        ...renderSignInNotice(notice, ip, config.PUBLIC_URL),
      });
    });
    scope.ctx.mailWorker.wake();
  }

  // ---- First-run setup (public) ------------------------------------------------------
  scope.get(ADMIN_AUTH_ENDPOINTS.setup.path, { config: { adminPublic: true } }, async () => ({
    setupNeeded: (await adminCount(db)) === 0,
  }));

  scope.post(
    ADMIN_AUTH_ENDPOINTS.setup.path,
    { config: { adminPublic: true, rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(setupSchema, request.body);
      const created = await whileNoAdmin(db, async (trx) => {
        if (!(await setupToken.matches(input.token, trx))) throw new HttpError(403, 'bad_token');
        const row = await createAdmin(trx, input);
        await setupToken.spend(trx);
        await writeAudit(
          trx,
          { id: row.id, label: row.email },
          { action: 'admin.setup', entity: 'admin', entityId: row.id, details: { email: row.email } },
        );
        return row;
      });
      if (!created) {
        request.log.warn({ ip: request.ip }, 'admin setup refused: an admin already exists');
        throw new HttpError(403, 'setup_done');
      }
      request.log.info({ admin: created.id }, 'first admin created through /admin/setup');
      return reply.code(201).send({ ok: true });
    },
  );

  // ---- Sign-in and sign-out (public) -------------------------------------------------
  scope.post(
    ADMIN_AUTH_ENDPOINTS.login.path,
    { config: { adminPublic: true, rateLimit: { max: 10, timeWindow: '5 minutes' } } },
    async (request, reply) => {
      const input = parseInput(loginSchema, request.body);
      const result = await attemptLogin(db, input.email, input.password, request.ip);
      const log = { email: input.email.trim().toLowerCase(), ip: request.ip };
      switch (result.kind) {
        case 'invalid':
          request.log.warn(log, 'admin sign-in failed');
          if (result.notice) await tellOwner(result.notice, request.ip);
          throw new HttpError(401, 'invalid_credentials');
        case 'throttled':
          // Known or unknown e-mail, the same answer: only this address (and pair) waits.
          request.log.warn({ ...log, retryAfter: result.retryAfterSeconds }, 'admin sign-in delayed');
          throw new HttpError(429, 'sign_in_delayed', {
            message: API_MESSAGES.rateLimited,
            retryAfter: result.retryAfterSeconds,
          });
        case 'ok': {
          // A fresh session id at every sign-in; an old cookie's session ends here.
          await deleteSession(db, sessionIdFrom(request, config.PUBLIC_URL));
          const sessionId = await createSession(db, result.admin.id, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          await writeAudit(
            db,
            { id: result.admin.id, label: result.admin.email },
            { action: 'admin.login', entity: 'admin', entityId: result.admin.id },
          );
          request.log.info({ admin: result.admin.id, ip: request.ip }, 'admin signed in');
          return reply
            .setCookie(cookieName, sessionId, sessionCookieOptions(config.PUBLIC_URL))
            .send({ admin: result.admin });
        }
      }
    },
  );

  scope.post(
    ADMIN_ENDPOINTS.logout.path,
    { config: { adminPublic: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await deleteSession(db, sessionIdFrom(request, config.PUBLIC_URL));
      const { maxAge: _maxAge, ...options } = sessionCookieOptions(config.PUBLIC_URL);
      return reply.clearCookie(cookieName, options).code(204).send();
    },
  );

  // Who is signed in, without a 401 for "nobody" (the sign-in page asks this first).
  scope.get(ADMIN_ENDPOINTS.session.path, { config: { adminPublic: true } }, async (request) => {
    const session = await readSession(db, sessionIdFrom(request, config.PUBLIC_URL));
    if (!session) return { admin: null };
    if (!session.isActive) return { admin: null, notAdmin: true };
    return { admin: { id: session.id, email: session.email, firstName: session.firstName } };
  });

  // ---- Everything below needs a signed-in, active admin -----------------------------
  scope.get(ADMIN_AUTH_ENDPOINTS.me.path, async (request) => ({
    admin: { id: request.admin!.id, email: request.admin!.email, firstName: request.admin!.firstName },
  }));

  scope.get(OUTBOX_ENDPOINTS.mail.path, async (request): Promise<OutboxMail> => {
    const mail = await db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'template',
        'to_address',
        'reply_to',
        'subject',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
        'text_body',
        'html_body',
      ])
      .where('id', '=', idOf(request.params))
      .executeTakeFirst();
    if (!mail) throw notFound();
    return { ...mail, created_at: isoDate(mail.created_at)!, sent_at: isoDate(mail.sent_at) };
  });
}

const adminArea: AdminSectionServer = {
  name: 'admin',
  lists: [outboxSource, auditSource],
  routes: async (scope) => {
    await adminRoutes(scope);
    outboxRetryRoutes(scope);
    await teamRoutes(scope);
  },
  stats: mailStats,
};

export const adminFeature: ServerFeature = { name: 'admin', admin: adminArea };
