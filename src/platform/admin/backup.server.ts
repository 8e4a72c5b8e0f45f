import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit, type AuditActor } from '~/platform/auth/audit.server';
import { sessionIdFrom } from '~/platform/auth/guard.server';
import { readSession } from '~/platform/auth/sessions.server';
import { BackupError, backupFileName, backupStream } from '~/platform/db/backup.server';
import { bearerMatches } from '~/platform/db/local-access.server';
import { HttpError } from '~/platform/http/errors.server';
import type { AdminSectionServer } from './area.server';
import { BACKUP_ENDPOINTS, BACKUP_MESSAGES } from './backup';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** One backup at a time: each holds the whole tarball in memory (embedded) or a pg_dump. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Who may download: a signed-in active admin, or `npm run db:backup` on this machine (the
 * run's token from DATA_DIR/local-access.json, on a connection from loopback: the socket's
 * own address, never X-Forwarded-For).
 */
async function backupActor(scope: FastifyInstance, request: FastifyRequest): Promise<AuditActor> {
  const { config, database, localToken } = scope.ctx;
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    if (bearerMatches(authorization, localToken) && LOOPBACK.has(request.socket.remoteAddress ?? ''))
      return { id: null, label: 'cli' };
    request.log.warn({ ip: request.ip }, 'backup refused: bad local token');
    throw new HttpError(401, 'unauthorized');
  }
  const admin = await readSession(database.db, sessionIdFrom(request, config.PUBLIC_URL));
  if (!admin) throw new HttpError(401, 'unauthorized');
  if (!admin.isActive) throw new HttpError(403, 'not_admin');
  return { id: admin.id, label: admin.email };
}

/** The admin area's backup download (platform/db/backup.server.ts does the work). */
export const backupAdmin: AdminSectionServer = {
  name: 'backup',
  routes: (scope) => {
    scope.get(
      BACKUP_ENDPOINTS.download.path,
      { config: { adminPublic: true } },
      async (request, reply: FastifyReply) => {
        const actor = await backupActor(scope, request);
        const { database, config } = scope.ctx;
        const started = Date.now();
        const take = async () => {
          await writeAudit(database.db, actor, { action: 'backup.download', entity: 'backup' });
          return backupStream(database, config.DATABASE_URL);
        };
        const result = running.then(take, take);
        running = result.catch(() => undefined);
        let body;
        try {
          body = await result;
        } catch (error) {
          if (!(error instanceof BackupError)) throw error;
          request.log.error({ err: error }, 'backup failed');
          throw new HttpError(503, 'backup_failed', { message: BACKUP_MESSAGES.failed });
        }
        request.log.info({ by: actor.label, ms: Date.now() - started }, 'backup taken');
        const name = backupFileName(database.kind);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  },
};
