import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionIdFrom } from '~/platform/auth/guard.server';
import { readSession } from '~/platform/auth/sessions.server';
import { languageCookie, requestLanguage } from '~/platform/http/static-files.server';
import type { AdminReads, AdminSession } from './context';

/**
 * The admin pages on loaders and actions (issue 45, decision 0052): each request of such a
 * page (GET of the page, its `.data` requests) is answered by React Router for this request,
 * with the session's admin and the admin services in the router context
 * (`adminServerContext`); the loaders redirect to the sign-in page without a session. Never
 * kept: not in the page table, so the fast path and the page store never serve one, and sent
 * `Cache-Control: private, no-store`.
 */
export function registerAdminPages(app: FastifyInstance, paths: readonly string[], reads: AdminReads) {
  const site = app.site;
  // No build, no pages: the API alone is served.
  if (!site) return;
  const { config, database } = app.ctx;

  const sessionOf = async (request: FastifyRequest): Promise<AdminSession> => {
    const admin = await readSession(database.db, sessionIdFrom(request, config.PUBLIC_URL));
    if (!admin) return { admin: null, notAdmin: false };
    if (!admin.isActive) return { admin: null, notAdmin: true };
    return { admin: { id: admin.id, email: admin.email, firstName: admin.firstName } };
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://site.local');
    const cookie = request.headers.cookie;
    // The page in the admin's language (`?lang=`, else the cookie), as the page table's are;
    // the address's choice is kept for the next pages (decision 0049).
    if (!url.pathname.endsWith('.data')) {
      url.searchParams.set('lang', requestLanguage(request.url, cookie));
      const keep = languageCookie(request.url, cookie, site.https);
      if (keep) reply.header('set-cookie', keep);
    }
    const answer = await site.admin(
      new Request(url, { method: 'GET', headers: cookie ? { cookie } : undefined }),
      { session: await sessionOf(request), reads },
    );
    for (const [name, value] of answer.headers) if (name !== 'content-length') reply.header(name, value);
    reply.code(answer.status).header('cache-control', 'private, no-store');
    return reply.send(request.method === 'HEAD' ? undefined : Buffer.from(await answer.arrayBuffer()));
  };

  for (const path of paths) app.route({ method: ['GET', 'HEAD'], url: path, logLevel: 'warn', handler });
  for (const path of paths)
    app.route({ method: ['GET', 'HEAD'], url: `${path}.data`, logLevel: 'warn', handler });
}
