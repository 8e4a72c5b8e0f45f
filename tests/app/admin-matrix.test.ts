import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFeatures } from '~/app/app.server';
import { SERVER_FEATURES } from '~/app/features.server';
import { hashSessionId } from '~/platform/auth/sessions.server';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { call, insertAdmin, SETUP_TOKEN, sessionCookie } from '@tests/helpers/admin';
import { INVITATION_ENDPOINTS, TEAM_ENDPOINTS } from '~/features/admin/team';
import { OUTBOX_ENDPOINTS } from '~/features/admin/admin';

/**
 * Every route under /api/admin, collected from the real route registration (the same
 * registerFeatures the app uses) with an onRoute hook: a route added later is in the
 * matrix automatically and must be guarded unless it is one of the public ones below.
 */
async function collectAdminRoutes(app: TestApp): Promise<{ method: string; url: string; public: boolean }[]> {
  const probe = Fastify({ logger: false });
  probe.decorate('ctx', app.app.ctx);
  const routes: RouteOptions[] = [];
  probe.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await probe.register(fastifyCookie);
  await probe.register(fastifyRateLimit, { global: false });
  await registerFeatures(probe, SERVER_FEATURES);
  await probe.ready();
  await probe.close();
  return routes
    .filter((r) => r.url.startsWith('/api/admin'))
    .flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url, route: r })),
    )
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, url, route }) => ({ method, url, public: route.config?.adminPublic === true }));
}

const PUBLIC_ROUTES = [
  'GET /api/admin/setup',
  'POST /api/admin/setup',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/session',
  'POST /api/admin/invitation',
  'POST /api/admin/invitation/accept',
];
/**
 * Routes the admin guard lets through because they check the session themselves (the
 * backup): in the matrix all the same.
 */
const SELF_GUARDED = ['GET /api/admin/backup'];
/** Routes for owners only: a plain admin gets 403 `owner_only` (tests/app/admin-team.test.ts). */
const OWNER_ROUTES = [
  TEAM_ENDPOINTS.invite,
  TEAM_ENDPOINTS.resend,
  TEAM_ENDPOINTS.cancel,
  TEAM_ENDPOINTS.deactivate,
  TEAM_ENDPOINTS.reactivate,
  TEAM_ENDPOINTS.role,
].map((e) => `POST ${e.path}`);
// Everyone's data and the admins' password hashes in one file: owners only too.
OWNER_ROUTES.push('GET /api/admin/backup');
// Mail held after a restore or a copy: an owner decides whether it goes out (issue 50, item 2).
OWNER_ROUTES.push(
  ...[OUTBOX_ENDPOINTS.releaseHeld, OUTBOX_ENDPOINTS.discardHeld].map((e) => `POST ${e.path}`),
);
const guarded = (route: { method: string; url: string; public: boolean }) =>
  !route.public || SELF_GUARDED.includes(`${route.method} ${route.url}`);

/** A concrete path for a route pattern (a random id: 404 for an admin, but never 401/403). */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'id') return randomUUID();
    if (name === 'type') return 'event';
    if (name === 'version') return '1';
    throw new Error(`No test value for route parameter :${name} in ${url}`);
  });

describe.each(TEST_DATABASE_KINDS)('admin API authorisation matrix (%s)', (kind) => {
  let t: TestApp;
  let routes: Awaited<ReturnType<typeof collectAdminRoutes>>;
  const cookies: Record<'expired' | 'idle' | 'inactive' | 'active' | 'owner', string> = {} as never;

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_SETUP_TOKEN: SETUP_TOKEN });
    routes = await collectAdminRoutes(t);
    // The stored hash is never checked here: sessions are made directly.
    const active = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'active@example.com' });
    const owner = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'owner@example.com', role: 'owner' });
    const inactive = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', {
      email: 'inactive@example.com',
      active: false,
    });
    cookies.active = await sessionCookie(t, active.id);
    cookies.owner = await sessionCookie(t, owner.id);
    cookies.inactive = await sessionCookie(t, inactive.id);
    cookies.expired = await sessionCookie(t, active.id);
    cookies.idle = await sessionCookie(t, active.id);
    const hashOf = (cookie: string) => hashSessionId(cookie.split('=')[1]!);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id_hash', '=', hashOf(cookies.expired))
      .execute();
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60 * 1000) })
      .where('id_hash', '=', hashOf(cookies.idle))
      .execute();
  });
  afterAll(() => t?.close());

  it('finds the admin routes, and only the expected ones are public', () => {
    expect(routes.length).toBeGreaterThan(20);
    // The admin team's endpoints are in the matrix (found by the route hook, not listed by hand).
    for (const team of [...Object.values(TEAM_ENDPOINTS), ...Object.values(INVITATION_ENDPOINTS)]) {
      expect(
        routes.map((r) => r.url),
        team.path,
      ).toContain(team.path);
    }
    expect(
      routes
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES, ...SELF_GUARDED].sort());
    for (const route of routes) {
      expect(
        t.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it('every protected route: no session 401, expired 401, idle 401, inactive 403, active admin allowed (owner routes: owners only)', async () => {
    const results: string[] = [];
    for (const route of routes.filter(guarded)) {
      const path = concrete(route.url);
      const body = route.method === 'GET' ? undefined : {};
      const statusFor = async (cookie?: string) =>
        (await call(t, route.method, path, { cookie, body })).status;
      const row = {
        none: await statusFor(),
        expired: await statusFor(cookies.expired),
        idle: await statusFor(cookies.idle),
        inactive: await statusFor(cookies.inactive),
        active: await statusFor(cookies.active),
        owner: await statusFor(cookies.owner),
      };
      results.push(`${route.method} ${route.url} ${JSON.stringify(row)}`);
      expect(row.none, `${route.method} ${route.url} without a session`).toBe(401);
      expect(row.expired, `${route.method} ${route.url} with an expired session`).toBe(401);
      expect(row.idle, `${route.method} ${route.url} with an idle session`).toBe(401);
      expect(row.inactive, `${route.method} ${route.url} as an inactive admin`).toBe(403);
      expect([401, 403], `${route.method} ${route.url} as an owner`).not.toContain(row.owner);
      // Managing the team is for owners (issue 28, finding 7); a plain admin may do the rest.
      if (OWNER_ROUTES.includes(`${route.method} ${route.url}`)) {
        expect(row.active, `${route.method} ${route.url} as a plain admin`).toBe(403);
      } else {
        expect([401, 403], `${route.method} ${route.url} as an active admin`).not.toContain(row.active);
      }
      // The test app's databases (in memory, a schema of a shared PostgreSQL) cannot be backed
      // up: the backup answers 503 with its message there; real backups: tests/reliability/backup.test.ts.
      const unavailable = route.url === '/api/admin/backup' ? [503] : [];
      for (const status of [row.active, row.owner]) {
        if (!unavailable.includes(status))
          expect(status, `${route.method} ${route.url} as an active admin`).toBeLessThan(500);
      }
    }
    expect(results.length).toBe(routes.filter(guarded).length);
  });

  it('public routes still answer without a session (setup state, sign-in, sign-out)', async () => {
    expect((await call(t, 'GET', '/api/admin/setup')).status).toBe(200);
    expect((await call(t, 'POST', '/api/admin/login', { body: {} })).status).toBe(400);
    expect((await call(t, 'POST', '/api/admin/logout')).status).toBe(204);
    expect(await (await call(t, 'GET', '/api/admin/session')).json()).toEqual({ admin: null });
    expect(await (await call(t, 'GET', '/api/admin/session', { cookie: cookies.inactive })).json()).toEqual({
      admin: null,
      notAdmin: true,
    });
    expect(
      await (await call(t, 'GET', '/api/admin/session', { cookie: cookies.active })).json(),
    ).toMatchObject({
      admin: { email: 'active@example.com' },
    });
    // An admin exists (inserted above), so setup is closed whatever the token.
    expect(
      (
        await call(t, 'POST', '/api/admin/setup', {
          body: {
            token: SETUP_TOKEN,
            firstName: 'Ąžuolas',
            email: 'x@example.com',
            password: 'long-enough-password',
          },
        })
      ).status,
    ).toBe(403);
  });
});
