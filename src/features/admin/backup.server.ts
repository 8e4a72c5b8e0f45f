import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { writeAudit, type AuditActor } from '~/platform/auth/audit.server';
import { sessionIdFrom } from '~/platform/auth/guard.server';
import { readSession } from '~/platform/auth/sessions.server';
import { BackupError, backupFileName, backupStream } from '~/platform/db/backup.server';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { HttpError } from '~/platform/http/errors.server';
import type { AdminSectionServer } from '~/platform/admin/area.server';
import { BACKUP_ENDPOINTS, BACKUP_MESSAGES } from './backup';

/** One backup at a time: each holds the whole tarball in memory (embedded) or a pg_dump. */
let running: Promise<unknown> = Promise.resolve();

/**
 * A backup, audited, one at a time: for a signed-in admin here, and for `npm run db:backup`
 * through the Unix socket in DATA_DIR (platform/db/backup-socket.server.ts, actor 'cli').
 */
export function takeBackup(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  actor: AuditActor,
): Promise<Readable> {
  const take = async () => {
    await writeAudit(database.db, actor, { action: 'backup.download', entity: 'backup' });
    return backupStream(database, databaseUrl);
  };
  const result = running.then(take, take);
  running = result.catch(() => undefined);
  return result;
}

/**
 * Who may download here: a signed-in active owner, nobody else — the file holds everyone's
 * personal data and the admins' password hashes, which a plain admin never sees. The command
 * on the server does not come this way (issue 28, finding 9: behind nginx every request comes
 * from loopback), so an Authorization header opens nothing.
 */
async function backupActor(scope: FastifyInstance, request: FastifyRequest): Promise<AuditActor> {
  const { config, database } = scope.ctx;
  const admin = await readSession(database.db, sessionIdFrom(request, config.PUBLIC_URL));
  if (!admin) throw new HttpError(401, 'unauthorized');
  if (!admin.isActive) throw new HttpError(403, 'not_admin');
  if (admin.role !== 'owner') throw new HttpError(403, 'owner_only', { message: BACKUP_MESSAGES.ownerOnly });
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
        let body;
        try {
          body = await takeBackup(database, config.DATABASE_URL, actor);
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
