import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';

export interface AuditActor {
  id: string | null;
  /** Shown in the admin's audit list: the admin's e-mail, or 'cli' / 'setup'. */
  label: string;
}

/** Writes one audit row; call it in the same transaction as the change it records. */
export async function writeAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: AuditActor,
  entry: { action: string; entity: string; entityId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_admin_id: actor.id,
      actor: actor.label,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
