import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/platform/i18n/languages';
import { PATHS } from '~/platform/paths';
import type { PersonalTable } from './personal-data.server';

/**
 * The private link in a form's confirmation e-mail that lets the person see, correct, cancel
 * or delete what they sent, without an account: 32 random bytes, of which only the SHA-256
 * is stored (a copy of the database opens nothing). A link opens one record, ends after
 * SELF_SERVICE_LINK_DAYS, and ends at once when it is revoked or its record is erased.
 */
const SELF_SERVICE_LINK_DAYS = 365;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface NewLink {
  token: string;
  url: string;
}

/** A fresh token and its address on the site (stored by `storeSelfServiceLink` with its record). */
export function newSelfServiceLink(publicUrl: string): NewLink {
  const token = randomBytes(32).toString('base64url');
  return { token, url: `${publicUrl.replace(/\/$/, '')}${PATHS.myData}?link=${token}` };
}

export async function storeSelfServiceLink(
  trx: Transaction<Database>,
  link: NewLink,
  record: { table: PersonalTable; id: string; email: string; language: Language },
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto('self_service_links')
    .values({
      token_hash: hashOf(link.token),
      record_table: record.table,
      record_id: record.id,
      email: record.email,
      language: record.language,
      expires_at: new Date(now.getTime() + SELF_SERVICE_LINK_DAYS * 86_400_000),
    })
    .execute();
}

export interface OpenLink {
  table: PersonalTable;
  id: string;
  email: string;
  tokenHash: string;
  /** The language the record was sent in (its e-mails', the page's when the visitor chose none). */
  language: Language;
}

/** The record a token opens, or undefined when it is unknown, expired or revoked. */
export async function openSelfServiceLink(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  now = new Date(),
): Promise<OpenLink | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('self_service_links')
    .select(['token_hash', 'record_table', 'record_id', 'email', 'language'])
    .where('token_hash', '=', hashOf(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? {
        table: row.record_table as PersonalTable,
        id: row.record_id,
        email: row.email,
        tokenHash: row.token_hash,
        language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      }
    : undefined;
}

/** Ends every link to one record at once (the person's "end this link", an organiser's request). */
export async function revokeSelfServiceLinks(
  db: Kysely<Database> | Transaction<Database>,
  record: { table: string; id: string },
): Promise<number> {
  const result = await db
    .updateTable('self_service_links')
    .set({ revoked_at: new Date() })
    .where('record_table', '=', record.table)
    .where('record_id', '=', record.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
