import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { erasureScrubber, markForScrub } from '~/platform/db/scrub.server';
import type { Retention } from '~/platform/site-content/retention';
import type { Duration, PrivacyTableRows } from './types';

/**
 * How long a source's rows are kept (the retention job, features/privacy-admin/retention.server.ts):
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
  /**
   * The feature's say in an erasure of its rows (the person's, an organiser's, the retention
   * job's: all go through `eraseRecords`): called in its transaction before the rows go, what
   * it returns runs after them, in the same transaction (registrations: the places they held
   * are offered down the waiting list).
   */
  onErase?: (trx: Transaction<Database>, ids: readonly string[]) => Promise<() => Promise<void>>;
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

/** The template of "send me my links" (my-links.server.ts): one e-mail about all of an address's records. */
export const MY_LINKS_TEMPLATE = 'privacy.my-links';

/** Marks an anonymised row's e-mail column: no address, yet still a non-empty value. */
export const ERASED_EMAIL = 'erased';

/**
 * Erases the given rows of one source, the e-mails queued or sent about them and their
 * self-service links, and marks their tables for the scrub: the caller calls
 * `scrubAfterErasure` once the transaction has committed. Returns how many rows were deleted or anonymised.
 */
export async function eraseRecords(
  trx: Transaction<Database>,
  source: PersonalDataSource,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const afterErase = await source.onErase?.(trx, ids);
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  // "Send me my links" e-mails list every record of an address: one erased record takes them too.
  const addresses = await db
    .selectFrom(source.table)
    .select(sql<string>`lower(${sql.ref(source.emailColumn)})`.as('email'))
    .where('id', 'in', ids)
    .execute();
  if (addresses.length > 0) {
    await trx
      .deleteFrom('mail_outbox')
      .where('template', '=', MY_LINKS_TEMPLATE)
      .where(
        sql<string>`lower(to_address)`,
        'in',
        addresses.map((row) => String(row.email)),
      )
      .execute();
  }
  // Rows that go with a deleted record (by the database): their tables need the scrub too.
  const relatedTouched: string[] = [];
  if (source.erase.kind === 'delete') {
    for (const belonging of source.related ?? []) {
      const found = await db
        .selectFrom(belonging.table)
        .select(sql`1`.as('one'))
        .where(belonging.column, 'in', ids)
        .limit(1)
        .executeTakeFirst();
      if (found) relatedTouched.push(belonging.table);
    }
  }
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
  await afterErase?.();
  // Their old bytes stay in the tables' files until the scrub the caller asks for (after commit).
  await markForScrub(trx, [
    source.table,
    ...relatedTouched.map((table) => table as keyof Database),
    'mail_outbox',
    'self_service_links',
  ]);
  return changed;
}

/**
 * After an erasure has committed: asks for the physical scrub of the tables it touched
 * (embedded database; platform/db/scrub.server.ts), which runs off the request's path within
 * SCRUB_INTERVAL_MS, so the answer does not wait for it and many erasures cost one scrub
 * (issue 42). The rows are already gone or overwritten: nothing erased can be read meanwhile.
 */
export async function scrubAfterErasure(database: DatabaseHandle): Promise<void> {
  await erasureScrubber(database).afterErasure();
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

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Secrets never shown nor exported: password and token hashes (a waiting-list offer's
 * too), an order's private link token.
 */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'token_hash',
  'offer_token_hash',
  'public_token',
  'id_hash',
]);

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

/**
 * Every row about one address: the features' tables (their PersonalDataSource), the order
 * lines of the orders found, the outbox (sent to it, replying to it, or about a record found),
 * the self-service links, and, shown but never erased here, admin accounts, invitations and
 * audit entries that mention it (`organisers` only; a person's own copy leaves them out) (an organiser's own account is handled on the team page; the
 * audit log is the organisers' accountability record and is purged by the retention job).
 */
export async function findPersonalData(
  db: Db,
  sources: readonly PersonalDataSource[],
  email: string,
  { organisers }: { organisers: boolean },
): Promise<{ tables: PrivacyTableRows[]; ids: Map<PersonalDataSource, string[]> }> {
  const any = db as unknown as AnyDb;
  const tables: PrivacyTableRows[] = [];
  const ids = new Map<PersonalDataSource, string[]>();
  const related: { table: string; ids: string[] }[] = [];
  for (const source of sources) {
    const found = await idsForEmail(db, source, email);
    ids.set(source, found);
    related.push({ table: source.table, ids: found });
    const rows = found.length
      ? await any.selectFrom(source.table).selectAll().where('id', 'in', found).orderBy('id').execute()
      : [];
    tables.push({ table: source.table, action: source.erase.kind, rows: rows.map(withoutSecrets) });
    for (const belonging of source.related ?? []) {
      const rows = found.length
        ? await any.selectFrom(belonging.table).selectAll().where(belonging.column, 'in', found).execute()
        : [];
      // Deleted with a deleted record (by the database), kept with an anonymised one.
      const action = source.erase.kind === 'delete' ? 'delete' : 'keep';
      tables.push({ table: belonging.table, action, rows: rows.map(withoutSecrets) });
    }
  }
  const aboutRecords = related.filter((r) => r.ids.length > 0);
  const outbox = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('to_address'), '=', email),
        eb(lower('reply_to'), '=', email),
        ...aboutRecords.map((r) =>
          eb.and([eb('related_table', '=', r.table), eb('related_id', 'in', r.ids)]),
        ),
      ]),
    )
    .orderBy('created_at')
    .execute();
  tables.push({ table: 'mail_outbox', action: 'delete', rows: outbox });
  const links = await db
    .selectFrom('self_service_links')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('email'), '=', email),
        ...aboutRecords.map((r) => eb.and([eb('record_table', '=', r.table), eb('record_id', 'in', r.ids)])),
      ]),
    )
    .execute();
  tables.push({ table: 'self_service_links', action: 'delete', rows: links.map(withoutSecrets) });
  // The person's own copy ends here: the rest are the organisers' records about the address.
  if (!organisers) return { tables, ids };
  const admins = await db.selectFrom('admin_users').selectAll().where(lower('email'), '=', email).execute();
  tables.push({ table: 'admin_users', action: 'keep', rows: admins.map(withoutSecrets) });
  const invitations = await db
    .selectFrom('admin_invitations')
    .selectAll()
    .where(lower('email'), '=', email)
    .execute();
  tables.push({ table: 'admin_invitations', action: 'keep', rows: invitations.map(withoutSecrets) });
  const audit = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(lower('actor'), '=', email),
        eb(sql<number>`position(${email} in lower(cast(details as text)))`, '>', 0),
      ]),
    )
    .orderBy('created_at')
    .execute();
  tables.push({ table: 'audit_log', action: 'keep', rows: audit });
  return { tables, ids };
}
