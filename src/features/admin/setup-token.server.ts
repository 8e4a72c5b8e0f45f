import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The generated token's row: shared by every instance on the database until the first admin. */
const SETTING = 'admin_setup_token';

/**
 * The one-time token that /admin/setup asks for. ADMIN_SETUP_TOKEN when configured;
 * otherwise a random one kept in the database (app_settings) while no admin exists and
 * printed to the server log, so only whoever can read the log can create the first admin.
 * Kept in the database, not in one process: behind nginx's round robin the instance that
 * printed the link is not always the one that receives the form, and a restart prints the same
 * link again (issue 50, item 5). It is deleted with the first admin.
 */
export class SetupToken {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly configuredValue?: string,
  ) {}

  get configured(): boolean {
    return this.configuredValue !== undefined;
  }

  /** The shared token, made by whichever instance asks first; to print. */
  async shared(): Promise<string> {
    await this.db
      .insertInto('app_settings')
      .values({ key: SETTING, value: randomBytes(24).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', SETTING)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  async matches(candidate: string, trx: Transaction<Database>): Promise<boolean> {
    const expected =
      this.configuredValue ??
      (await trx.selectFrom('app_settings').select('value').where('key', '=', SETTING).executeTakeFirst())
        ?.value;
    if (expected === undefined) return false;
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    return timingSafeEqual(digest(candidate), digest(expected));
  }

  /** After the first admin exists the token is useless: forget it (in the admin's transaction). */
  async spend(db: Kysely<Database> | Transaction<Database>): Promise<void> {
    await db.deleteFrom('app_settings').where('key', '=', SETTING).execute();
  }
}
