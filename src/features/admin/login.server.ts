import { sql, type Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { normaliseEmail } from './admins.server';
import { dummyPasswordHash, verifyPassword } from '~/platform/auth/passwords.server';

/**
 * Sign-in throttling (ASVS 5.0 6.3.1): growing delays, never a lock that also shuts out the
 * owner. Failures are counted per client address and per e-mail+address pair, for known and
 * unknown e-mails alike, so the answers cannot tell which addresses are admins. While a key
 * is delayed, attempts are answered 429 without checking the password; the right password
 * from another address is not affected. A key's count starts again a day after its last
 * failure; a successful sign-in clears its pair.
 */
export const THROTTLE = {
  /** The same e-mail from the same address: free tries, then 1 s, 2 s, 4 s … up to 15 min. */
  pair: { free: 3, capSeconds: 15 * 60 },
  /** One address, any e-mails: more free tries (several admins on one network), up to 1 h. */
  ip: { free: 10, capSeconds: 60 * 60 },
  /** Failures on one account within an hour (all addresses) that earn its owner a notice. */
  noticeAfter: 5,
} as const;

/** Seconds a key waits after its n-th failure in a row (0 while still free). */
export function delaySeconds(failures: number, rule: { free: number; capSeconds: number }): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.capSeconds, 2 ** (failures - rule.free));
}

export interface SignInNotice {
  adminId: string;
  email: string;
  firstName: string;
  /** Failed attempts on the account in the last hour, from every address. */
  failures: number;
}

export type LoginResult =
  | { kind: 'ok'; admin: { id: string; email: string; firstName: string } }
  | { kind: 'invalid'; notice: SignInNotice | null }
  | { kind: 'throttled'; retryAfterSeconds: number };

const keysFor = (email: string, ip: string) => ({ ip: `ip:${ip}`, pair: `pair:${email} ${ip}` });

/** Counts one failure on `key` and sets its delay; returns the failures in a row. */
async function countFailure(
  db: Kysely<Database>,
  key: string,
  rule: { free: number; capSeconds: number },
): Promise<number> {
  const { failures } = await db
    .insertInto('sign_in_throttle')
    .values({ key, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when sign_in_throttle.updated_at < now() - interval '1 day'
          then 1 else sign_in_throttle.failures + 1 end`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const seconds = delaySeconds(failures, rule);
  await db
    .updateTable('sign_in_throttle')
    .set({ blocked_until: seconds > 0 ? sql<Date>`now() + ${seconds} * interval '1 second'` : null })
    .where('key', '=', key)
    .execute();
  return failures;
}

/**
 * Checks e-mail and password from `ip`. Known, unknown and deactivated accounts take the same
 * path: the same throttle, one password hash check (a dummy one for an unknown e-mail) and the
 * same failure bookkeeping, so neither the answer nor its time tells them apart.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  emailInput: string,
  password: string,
  ip: string,
): Promise<LoginResult> {
  const email = normaliseEmail(emailInput);
  const keys = keysFor(email, ip);

  const waiting = await db
    .selectFrom('sign_in_throttle')
    .select(sql<number>`ceil(extract(epoch from blocked_until - now()))::int`.as('seconds'))
    .where('key', 'in', [keys.ip, keys.pair])
    .where('blocked_until', '>', sql<Date>`now()`)
    .execute();
  if (waiting.length > 0) {
    return { kind: 'throttled', retryAfterSeconds: Math.max(1, ...waiting.map((row) => row.seconds)) };
  }

  const admin = await db
    .selectFrom('admin_users')
    .select(['id', 'email', 'first_name', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  const correct = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash()));

  // A deactivated admin's right password is a failure like a wrong one: the same answer, time
  // and bookkeeping, so the answer never tells whether a password is right (issue 28, finding 7).
  if (!admin || !correct || !admin.is_active) {
    await countFailure(db, keys.pair, THROTTLE.pair);
    await countFailure(db, keys.ip, THROTTLE.ip);
    // Forget what is a day old and no longer delayed (unknown e-mails would pile up).
    await db
      .deleteFrom('sign_in_throttle')
      .where('updated_at', '<', sql<Date>`now() - interval '1 day'`)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', sql<Date>`now()`)]))
      .execute();
    return { kind: 'invalid', notice: admin ? await noticeDue(db, admin) : null };
  }

  await db.deleteFrom('sign_in_throttle').where('key', '=', keys.pair).execute();
  await db.updateTable('admin_users').set({ last_login_at: new Date() }).where('id', '=', admin.id).execute();
  return { kind: 'ok', admin: { id: admin.id, email: admin.email, firstName: admin.first_name } };
}

/**
 * After THROTTLE.noticeAfter failures on an account within an hour (from any addresses), its
 * owner is told, at most once an hour (the audit log remembers the last notice).
 */
async function noticeDue(
  db: Kysely<Database>,
  admin: { id: string; email: string; first_name: string },
): Promise<SignInNotice | null> {
  const { failures } = await db
    .selectFrom('sign_in_throttle')
    .select(sql<number>`coalesce(sum(failures), 0)::int`.as('failures'))
    .where(sql<boolean>`starts_with(key, ${`pair:${admin.email} `})`)
    .where('updated_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (failures < THROTTLE.noticeAfter) return null;
  const recent = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'admin.sign_in_failures')
    .where('entity_id', '=', admin.id)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  if (recent) return null;
  return { adminId: admin.id, email: admin.email, firstName: admin.first_name, failures };
}
