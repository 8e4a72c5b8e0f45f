import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminCount, createAdmin, whileNoAdmin } from './admins.server';
import type { AuditActor } from '~/platform/auth/audit.server';
import { writeAudit } from '~/platform/auth/audit.server';
import { addAdminGuard, sessionIdFrom } from '~/platform/auth/guard.server';
import { attemptLogin } from './login.server';
import {
  createSession,
  deleteSession,
  readSession,
  sessionCookieName,
  sessionCookieOptions,
} from '~/platform/auth/sessions.server';
import { SetupToken } from './setup-token.server';
import {
  HttpError,
  changeOrderStatus,
  changeSponsorStatus,
  clearPaymentFlag,
  createMembership,
  markOrderPaid,
  resendOrderConfirmation,
  resolveContact,
  updateMembership,
} from './actions.server';
import { csvFileName, toCsv } from '~/platform/admin/csv.server';
import { LIST_FILTERS, LIST_NAMES, type OutboxMail } from './lists';
import { LIST_FETCHERS } from './lists.server';
import { PAGE_SIZE, listQuerySchema, loginSchema, membershipSchema, setupSchema } from './schema';
import { dashboardStats, paymentsHealth } from './stats.server';
import { ORDER_ACTION_NAMES, SPONSOR_STATUSES } from './workflow';

/** Largest CSV export; far above what a volunteer event collects. */
const EXPORT_LIMIT = 50_000;

const idParams = z.object({ id: z.uuid() });

/** Parses with zod; bad input → 400 with the issues (never a 500, nothing written). */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const error = new HttpError(400, 'invalid_input');
    Object.assign(error, {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
    throw error;
  }
  return result.data;
}

/** A malformed id cannot exist: 404, like an unknown one. */
function idOf(request: FastifyRequest): string {
  const result = idParams.safeParse(request.params);
  if (!result.success) throw new HttpError(404, 'not_found');
  return result.data.id;
}

const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.admin!.id,
  label: request.admin!.email,
});

/**
 * The admin API under /api/admin: first-run setup, sign-in and sign-out (public), and the
 * dashboard's data and actions (signed-in, active admins only; see server/auth/guard.ts).
 */
export async function adminRoutes(app: FastifyInstance) {
  const { config, database } = app.ctx;
  const db = database.db;
  const setupToken = new SetupToken(config.ADMIN_SETUP_TOKEN);
  const cookieName = sessionCookieName(config.PUBLIC_URL);

  // While no admin exists, make (or announce) the one-time setup token in the server log.
  app.addHook('onReady', async () => {
    if ((await adminCount(db)) > 0) {
      setupToken.spend();
      return;
    }
    if (setupToken.configured) {
      app.log.warn(
        `No administrator yet. Open ${config.PUBLIC_URL}/admin/setup and enter ADMIN_SETUP_TOKEN, or run "npm run admin:create".`,
      );
      return;
    }
    const token = setupToken.generate();
    app.log.warn(
      `No administrator yet. Create the first one at ${config.PUBLIC_URL}/admin/setup#token=${token} ` +
        `(one-time setup token: ${token}), or run "npm run admin:create -- --email you@example.com --name Name".`,
    );
  });

  // Our errors carry their own status and code; zod issues ride along for forms.
  app.setErrorHandler(
    (error: Error & { statusCode?: number; code?: string; issues?: unknown }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'admin request failed');
        return reply.code(500).send({ error: 'internal_error' });
      }
      return reply.code(status).send({
        error:
          error instanceof HttpError
            ? error.code
            : status === 429
              ? 'rate_limited'
              : (error.code ?? 'bad_request'),
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    },
  );

  await app.register(
    async (admin) => {
      addAdminGuard(admin);

      // ---- First-run setup (public) ------------------------------------------------------
      admin.get('/setup', { config: { adminPublic: true } }, async () => ({
        setupNeeded: (await adminCount(db)) === 0,
      }));

      admin.post(
        '/setup',
        { config: { adminPublic: true, rateLimit: { max: 10, timeWindow: '15 minutes' } } },
        async (request, reply) => {
          const input = parse(setupSchema, request.body);
          const created = await whileNoAdmin(db, async (trx) => {
            if (!setupToken.matches(input.token)) throw new HttpError(403, 'bad_token');
            const row = await createAdmin(trx, input);
            await writeAudit(
              trx,
              { id: row.id, label: row.email },
              {
                action: 'admin.setup',
                entity: 'admin',
                entityId: row.id,
                details: { email: row.email },
              },
            );
            return row;
          });
          if (!created) {
            request.log.warn({ ip: request.ip }, 'admin setup refused: an admin already exists');
            return reply.code(403).send({ error: 'setup_done' });
          }
          setupToken.spend();
          request.log.info({ admin: created.email }, 'first admin created through /admin/setup');
          return reply.code(201).send({ ok: true });
        },
      );

      // ---- Sign-in and sign-out (public) -------------------------------------------------
      admin.post(
        '/login',
        { config: { adminPublic: true, rateLimit: { max: 10, timeWindow: '5 minutes' } } },
        async (request, reply) => {
          const input = parse(loginSchema, request.body);
          const result = await attemptLogin(db, input.email, input.password);
          const log = { email: input.email.trim().toLowerCase(), ip: request.ip };
          switch (result.kind) {
            case 'invalid':
              request.log.warn(log, 'admin sign-in failed');
              return reply.code(401).send({ error: 'invalid_credentials' });
            case 'locked':
              request.log.warn(
                { ...log, retryAfter: result.retryAfterSeconds },
                'admin sign-in refused: account locked',
              );
              if (result.justLocked) {
                await writeAudit(
                  db,
                  { id: null, label: log.email },
                  { action: 'admin.locked', entity: 'admin', details: { ip: request.ip } },
                );
              }
              return reply
                .code(429)
                .header('retry-after', String(result.retryAfterSeconds))
                .send({ error: 'account_locked', retryAfter: result.retryAfterSeconds });
            case 'inactive':
              request.log.warn(log, 'admin sign-in refused: not an active admin');
              return reply.code(403).send({ error: 'not_admin' });
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
              request.log.info({ admin: result.admin.email, ip: request.ip }, 'admin signed in');
              return reply
                .setCookie(cookieName, sessionId, sessionCookieOptions(config.PUBLIC_URL))
                .send({ admin: result.admin });
            }
          }
        },
      );

      admin.post('/logout', { config: { adminPublic: true } }, async (request, reply) => {
        await deleteSession(db, sessionIdFrom(request, config.PUBLIC_URL));
        const { maxAge: _maxAge, ...options } = sessionCookieOptions(config.PUBLIC_URL);
        return reply.clearCookie(cookieName, options).code(204).send();
      });

      // Who is signed in, without a 401 for "nobody" (the sign-in page asks this first).
      admin.get('/session', { config: { adminPublic: true } }, async (request) => {
        const session = await readSession(db, sessionIdFrom(request, config.PUBLIC_URL));
        if (!session) return { admin: null };
        if (!session.isActive) return { admin: null, notAdmin: true };
        return { admin: { id: session.id, email: session.email, firstName: session.firstName } };
      });

      // ---- Everything below needs a signed-in, active admin -----------------------------
      admin.get('/me', async (request) => ({
        admin: { id: request.admin!.id, email: request.admin!.email, firstName: request.admin!.firstName },
      }));

      admin.get('/stats', async () => dashboardStats(db));
      admin.get('/payments-health', async () => paymentsHealth(db));

      for (const list of LIST_NAMES) {
        const readQuery = (request: FastifyRequest) => {
          const query = parse(listQuerySchema, request.query);
          if (query.status && !(LIST_FILTERS[list] as readonly string[]).includes(query.status)) {
            throw new HttpError(400, 'invalid_filter');
          }
          return query;
        };
        admin.get(`/${list}`, async (request) => {
          const query = readQuery(request);
          const offset = (query.page - 1) * PAGE_SIZE;
          const { rows, total } = await LIST_FETCHERS[list](db, { ...query, limit: PAGE_SIZE, offset });
          return { rows, total, page: query.page, pageSize: PAGE_SIZE };
        });
        admin.get(`/${list}.csv`, async (request, reply: FastifyReply) => {
          const query = readQuery(request);
          const { rows } = await LIST_FETCHERS[list](db, { ...query, limit: EXPORT_LIMIT, offset: 0 });
          const fileName = csvFileName(list, query.lang);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${list}.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
            )
            .header('cache-control', 'no-store')
            .send(toCsv(list, rows as never, query.lang));
        });
      }

      admin.get('/outbox/:id', async (request): Promise<OutboxMail> => {
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
          .where('id', '=', idOf(request))
          .executeTakeFirst();
        if (!mail) throw new HttpError(404, 'not_found');
        return {
          ...mail,
          created_at: new Date(mail.created_at).toISOString(),
          sent_at: mail.sent_at ? new Date(mail.sent_at).toISOString() : null,
        };
      });

      // ---- Changes (each audited; the workflow rules answer 409 when broken) -------------
      admin.post('/orders/:id/status', async (request) => {
        const { action } = parse(z.object({ action: z.enum(ORDER_ACTION_NAMES) }), request.body);
        return changeOrderStatus(db, actorOf(request), idOf(request), action);
      });
      admin.post('/orders/:id/mark-paid', async (request) =>
        markOrderPaid(db, actorOf(request), idOf(request)),
      );
      admin.post('/orders/:id/resend-confirmation', async (request) => {
        const result = await resendOrderConfirmation(db, actorOf(request), idOf(request), config);
        app.ctx.mailWorker.wake();
        return result;
      });
      admin.post('/orders/:id/clear-flag', async (request) =>
        clearPaymentFlag(db, actorOf(request), idOf(request)),
      );
      admin.post('/contacts/:id/resolve', async (request) =>
        resolveContact(db, actorOf(request), idOf(request)),
      );
      admin.post('/sponsor-applications/:id/status', async (request) => {
        const { status } = parse(z.object({ status: z.enum(SPONSOR_STATUSES) }), request.body);
        return changeSponsorStatus(db, actorOf(request), idOf(request), status);
      });
      admin.post('/memberships', async (request, reply) => {
        const input = parse(membershipSchema, request.body);
        return reply.code(201).send(await createMembership(db, actorOf(request), input));
      });
      admin.put('/memberships/:id', async (request) => {
        const id = idOf(request);
        const input = parse(membershipSchema, request.body);
        return updateMembership(db, actorOf(request), id, input);
      });
    },
    { prefix: '/admin' },
  );
}
