import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { markForScrub, scrubErased } from '~/platform/db/scrub.server';
import type { Retention } from '~/platform/site-content/retention';
import type { Duration } from './admin';

/**
 * How long a source's rows are kept (the retention job, platform/privacy/retention.server.ts):
 * the organisers' period, counted from a date column; when that column is empty, from
 * `fallback.column` plus `fallback.plus`. A due row is erased as `erase` says.
 */
interface RetentionRule {
  period: (retention: Retention) => Duration;
  /** A date column, or an expression over the row (the end of its edition). */
  from: string | RawBuilder<Date | null>;
  fallback?: { column: string; plus: Duration };
}

/**
 * Personal data, described by the feature that owns each table (ServerFeature.personalData),
 * so the privacy tools (an organiser's search, export and erasure by e-mail address; a
 * person's self-service deletion; the retention job) work on every table without knowing the
 * features. The outbox, the audit log and the self-service links are the platform's own.
 */
export interface PersonalDataSource {
  table: PersonalTable;
  /** The audit log's name for one of its records ('registration'), for self-service entries. */
  auditEntity: string;
  /** The column holding the person's e-mail address. */
  emailColumn: string;
  /**
   * Rows of other tables that belong to one of its records (an order's lines), found with it,
   * shown and exported with it, and kept when it is anonymised (deleted with it by the database).
   */
  related?: { table: string; column: string }[];
  /**
   * What erasing one row means: delete it, or keep it and overwrite the personal columns
   * (orders: amounts, dates and numbers are accounting records the law asks to keep).
   */
  erase: { kind: 'delete' } | { kind: 'anonymise'; set: Record<string, unknown> };
  /** When its rows are erased without anyone asking; none: kept until someone does. */
  retention?: RetentionRule;
}

/**
 * A feature's table that holds personal data, with a uuid `id`. The platform names none of
 * them: each feature registers its own (ServerFeature.personalData), and
 * tests/architecture/personal-data.test.ts fails for a table with an e-mail column that is
 * neither registered nor one of the platform's own below.
 */
export type PersonalTable = keyof Database;

/**
 * The platform's own tables that hold e-mail addresses, and where each is handled: found and
 * erased with the records they are about (outbox, links), or shown but kept (admin accounts and
 * invitations: the team page; the audit log: the organisers' accountability record, purged by
 * the retention job).
 */
export const PLATFORM_PERSONAL_TABLES = [
  'mail_outbox',
  'self_service_links',
  'admin_users',
  'admin_invitations',
  'audit_log',
] as const;

type Db = Kysely<Database> | Transaction<Database>;

/** Marks an anonymised row's e-mail column: no address, yet still a non-empty value. */
export const ERASED_EMAIL = 'erased';

/**
 * Erases the given rows of one source, the e-mails queued or sent about them and their
 * self-service links, and marks their tables for the scrub: the caller runs `scrubErased`
 * once the transaction has committed. Returns how many rows were deleted or anonymised.
 */
export async function eraseRecords(
  trx: Transaction<Database>,
  source: PersonalDataSource,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let changed: number;
  if (source.erase.kind === 'delete') {
    const result = await db.deleteFrom(source.table).where('id', 'in', ids).executeTakeFirst();
    changed = Number(result.numDeletedRows);
  } else {
    const result = await db
      .updateTable(source.table)
      .set({ ...source.erase.set, [source.emailColumn]: ERASED_EMAIL })
      .where('id', 'in', ids)
      .executeTakeFirst();
    changed = Number(result.numUpdatedRows);
  }
  await trx
    .deleteFrom('mail_outbox')
    .where('related_table', '=', source.table)
    .where('related_id', 'in', ids)
    .execute();
  await trx
    .deleteFrom('self_service_links')
    .where('record_table', '=', source.table)
    .where('record_id', 'in', ids)
    .execute();
  // Their old bytes stay in the tables' files until the caller's scrubErased (after commit).
  await markForScrub(trx, [source.table, 'mail_outbox', 'self_service_links']);
  return changed;
}

type ErrorLog = { error: (object: object, message: string) => void };

/**
 * After an erasure has committed, before it is answered: scrubs the files of the tables it
 * touched (embedded database; platform/db/scrub.server.ts). A scrub that fails is logged and
 * stays marked: the next erasure, the daily retention run or the next start does it.
 */
export async function scrubAfterErasure(database: DatabaseHandle, log: ErrorLog): Promise<void> {
  try {
    await scrubErased(database);
  } catch (error) {
    log.error(
      { err: error },
      'scrubbing erased data failed; retried by the next erasure, retention run or start',
    );
  }
}

/** The ids of a source's rows about one e-mail address (compared without case). */
export async function idsForEmail(db: Db, source: PersonalDataSource, email: string): Promise<string[]> {
  const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(source.table)
    .select('id')
    .where(sql`lower(${sql.ref(source.emailColumn)})`, '=', email.trim().toLowerCase())
    .execute();
  return rows.map((row) => String(row.id));
}
