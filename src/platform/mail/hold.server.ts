import { hostname } from 'node:os';
import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';

/**
 * Outgoing mail held after a restore, or on a database copied from elsewhere (issue 50,
 * item 2): a backup restored into a fresh instance started working through the backup's
 * 1,103 queued mails within seconds, so a restore test or a staging copy e-mailed
 * participants again. The worker sends nothing while the hold stands; an owner releases the
 * queue or discards it in the admin area.
 */
const HOLD = 'mail_held';
/** Where the database was last opened by a server: another place means it was copied. */
const HOME = 'database_home';

export type MailHoldReason = 'restored' | 'moved';
export interface MailHold {
  since: string;
  reason: MailHoldReason;
}

/** The statement that holds mail, for the restore command (which runs plain SQL on the restored database). */
export function holdMailStatement(
  reason: MailHoldReason,
  at = new Date(),
): { text: string; values: string[] } {
  return {
    text: `insert into app_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    values: [HOLD, JSON.stringify({ since: at.toISOString(), reason } satisfies MailHold)],
  };
}

async function holdMail(db: Kysely<Database> | Transaction<Database>, reason: MailHoldReason) {
  const value = JSON.stringify({ since: new Date().toISOString(), reason } satisfies MailHold);
  await db
    .insertInto('app_settings')
    .values({ key: HOLD, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function mailHold(db: Kysely<Database> | Transaction<Database>): Promise<MailHold | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', HOLD).executeTakeFirst();
  return row ? (JSON.parse(row.value) as MailHold) : undefined;
}

/** Ends the hold: the queue goes out as it is. */
export async function releaseHeldMail(trx: Transaction<Database>): Promise<void> {
  await trx.deleteFrom('app_settings').where('key', '=', HOLD).execute();
}

/** Ends the hold without sending: every waiting mail is marked failed (it can still be sent one by one). */
export async function discardHeldMail(trx: Transaction<Database>): Promise<number> {
  const discarded = await trx
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: 'not sent: discarded by an owner after a restore or copy' })
    .where('status', 'in', ['pending', 'sending'])
    .returning('id')
    .execute();
  await releaseHeldMail(trx);
  return discarded.length;
}

/**
 * Where this server runs its database: with PostgreSQL the cluster's own identifier and the
 * database's name (the same from every instance, whatever address each uses); embedded, the
 * machine and the absolute DATA_DIR. Undefined for a database in memory (tests).
 */
export async function databaseHome(
  db: Kysely<Database>,
  kind: 'pglite' | 'postgres',
  dataDir: string | undefined,
): Promise<string | undefined> {
  if (kind === 'pglite') return dataDir ? `${hostname()}:${path.resolve(dataDir)}` : undefined;
  const { rows } = await sql<{ home: string }>`
    select (select system_identifier::text from pg_control_system()) || '/' || current_database() as home`.execute(
    db,
  );
  return rows[0]!.home;
}

/**
 * At start: a database last opened somewhere else (copied, or a backup restored elsewhere)
 * holds its mail; the first start of a database (or of a release before this one) records
 * its home and holds nothing. Answers the hold in force.
 */
export async function holdMailIfMoved(
  db: Kysely<Database>,
  home: string | undefined,
): Promise<MailHold | undefined> {
  if (home !== undefined) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', HOME)
        .forUpdate()
        .executeTakeFirst();
      if (row?.value === home) return;
      if (row) await holdMail(trx, 'moved');
      await trx
        .insertInto('app_settings')
        .values({ key: HOME, value: home })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: home }))
        .execute();
    });
  }
  return mailHold(db);
}

/** Mail that would go out if released. */
export async function waitingMail(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
