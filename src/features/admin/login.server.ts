import { sql, type Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { normaliseEmail } from './admins.server';
import { dummyPasswordHash, verifyPassword } from '~/platform/auth/passwords.server';

/** After this many failed sign-ins in a row the account is locked for LOCK_MS. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MS = 15 * 60 * 1000;
// So an account sees at most 5 wrong passwords per 15 minutes: 20 an hour (ASVS: ≤ 100).

export type LoginResult =
  | { kind: 'ok'; admin: { id: string; email: string; firstName: string } }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfterSeconds: number; justLocked: boolean }
  | { kind: 'inactive'; adminId: string };

/**
 * Checks e-mail and password. The attempt is counted as a failure BEFORE the (slow) password
 * check, atomically, so parallel guesses cannot slip past the lock; a correct password
 * then clears the counter.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  emailInput: string,
  password: string,
): Promise<LoginResult> {
  const email = normaliseEmail(emailInput);
  const lockInterval = `${LOCK_MS / 1000} seconds`;
  const reserved = await db
    .updateTable('admin_users')
    .set({
      failed_attempts: sql<number>`case when failed_attempts + 1 >= ${MAX_FAILED_ATTEMPTS} then 0 else failed_attempts + 1 end`,
      locked_until: sql<Date>`case when failed_attempts + 1 >= ${MAX_FAILED_ATTEMPTS} then now() + ${lockInterval}::interval else null end`,
    })
    .where('email', '=', email)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returning(['id', 'email', 'first_name', 'password_hash', 'is_active', 'locked_until'])
    .executeTakeFirst();

  if (!reserved) {
    const locked = await db
      .selectFrom('admin_users')
      .select(['locked_until'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (locked?.locked_until) {
      const seconds = Math.ceil((new Date(locked.locked_until).getTime() - Date.now()) / 1000);
      return { kind: 'locked', retryAfterSeconds: Math.max(seconds, 1), justLocked: false };
    }
    // Unknown e-mail: spend the same time as a real check, then fail the same way.
    await verifyPassword(password, await dummyPasswordHash());
    return { kind: 'invalid' };
  }

  const correct = await verifyPassword(password, reserved.password_hash);
  if (!correct) {
    if (reserved.locked_until) {
      const seconds = Math.ceil((new Date(reserved.locked_until).getTime() - Date.now()) / 1000);
      return { kind: 'locked', retryAfterSeconds: Math.max(seconds, 1), justLocked: true };
    }
    return { kind: 'invalid' };
  }

  await db
    .updateTable('admin_users')
    .set({
      failed_attempts: 0,
      locked_until: null,
      ...(reserved.is_active ? { last_login_at: new Date() } : {}),
    })
    .where('id', '=', reserved.id)
    .execute();
  if (!reserved.is_active) return { kind: 'inactive', adminId: reserved.id };
  return { kind: 'ok', admin: { id: reserved.id, email: reserved.email, firstName: reserved.first_name } };
}
