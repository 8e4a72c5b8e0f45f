import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';

const SETTING_KEY = 'app_secret';
const cache = new WeakMap<Kysely<Database>, Promise<string>>();

/**
 * The key that signs links we e-mail (and the test checkout's form tokens): APP_SECRET when
 * configured, otherwise one generated on first use and kept in app_settings, so every
 * instance on the same database agrees and links survive restarts.
 */
export function loadAppSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let secret = cache.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('app_settings')
        .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', SETTING_KEY)
        .executeTakeFirstOrThrow();
      return row.value;
    })();
    secret.catch(() => cache.delete(db));
    cache.set(db, secret);
  }
  return secret;
}
