import type { FastifyInstance } from 'fastify';
import { actorOf, idOf } from '~/platform/admin/area.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { HttpError } from '~/platform/http/errors.server';
import { discardHeldMail, mailHold, releaseHeldMail, waitingMail } from '~/platform/mail/hold.server';
import { mailHealth, retryMail } from '~/platform/mail/outbox.server';
import { STUCK_AFTER_MS } from '~/platform/mail/worker.server';
import type { Kysely } from 'kysely';
import { OUTBOX_ENDPOINTS } from './admin';

/** The dashboard's mail numbers: failed mail, mail that waits too long, and a hold with what it holds. */
export async function mailStats(db: Kysely<Database>) {
  const hold = await mailHold(db);
  return {
    ...(await mailHealth(db, STUCK_AFTER_MS)),
    /** While mail is held: 1 after a restore, 2 on a database opened in a new place; 0 otherwise. */
    mailHeld: hold ? (hold.reason === 'restored' ? 1 : 2) : 0,
    heldMail: hold ? await waitingMail(db) : 0,
  };
}

const ownerOnly = () => new HttpError(403, 'owner_only', { message: 'admin:team.errors.ownerOnly' });

/**
 * Sending mail again from the admin area, for every kind of mail: one (failed, or still
 * waiting: due now) or every failed one at once. Audited; the worker is woken.
 */
export function outboxRetryRoutes(scope: FastifyInstance) {
  const db = scope.ctx.database.db;

  scope.post(OUTBOX_ENDPOINTS.retry.path, async (request) => {
    const id = idOf(request.params);
    const retried = await db.transaction().execute(async (trx) => {
      const ids = await retryMail(trx, { ids: [id] });
      if (ids.length > 0) {
        await writeAudit(trx, actorOf(request), { action: 'mail.retry', entity: 'mail', entityId: id });
      }
      return ids;
    });
    if (retried.length === 0) {
      const exists = await db
        .selectFrom('mail_outbox')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) throw new HttpError(404, 'not_found');
      throw new HttpError(409, 'transition_not_allowed'); // already sent, or being sent right now
    }
    scope.ctx.mailWorker.wake();
    return { retried: retried.length };
  });

  // An owner decides what becomes of mail held after a restore or a copy; audited.
  scope.post(OUTBOX_ENDPOINTS.releaseHeld.path, async (request) => {
    if (request.admin?.role !== 'owner') throw ownerOnly();
    const released = await db.transaction().execute(async (trx) => {
      if (!(await mailHold(trx))) return false;
      await releaseHeldMail(trx);
      await writeAudit(trx, actorOf(request), { action: 'mail.held_released', entity: 'mail' });
      return true;
    });
    if (!released) throw new HttpError(409, 'transition_not_allowed');
    scope.ctx.mailWorker.wake();
    return { released: true };
  });

  scope.post(OUTBOX_ENDPOINTS.discardHeld.path, async (request) => {
    if (request.admin?.role !== 'owner') throw ownerOnly();
    const discarded = await db.transaction().execute(async (trx) => {
      if (!(await mailHold(trx))) return undefined;
      const count = await discardHeldMail(trx);
      await writeAudit(trx, actorOf(request), {
        action: 'mail.held_discarded',
        entity: 'mail',
        details: { count },
      });
      return count;
    });
    if (discarded === undefined) throw new HttpError(409, 'transition_not_allowed');
    return { discarded };
  });

  scope.post(OUTBOX_ENDPOINTS.retryFailed.path, async (request) => {
    const retried = await db.transaction().execute(async (trx) => {
      const ids = await retryMail(trx, 'failed');
      if (ids.length > 0) {
        await writeAudit(trx, actorOf(request), {
          action: 'mail.retry_failed',
          entity: 'mail',
          details: { count: ids.length },
        });
      }
      return ids;
    });
    scope.ctx.mailWorker.wake();
    return { retried: retried.length };
  });
}
