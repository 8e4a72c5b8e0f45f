import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { hashPassword } from '~/platform/auth/passwords.server';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AdminExistsError extends Error {
  constructor() {
    super('An administrator with this e-mail already exists');
  }
}

/**
 * Creates an active owner: only /admin/setup and `npm run admin:create` call this, and whoever
 * sets the site up (or restores access from the server) manages the team. Admins who join by
 * invitation are plain admins. The password is hashed here and never stored or logged in clear.
 */
export async function createAdmin(
  db: Kysely<Database> | Transaction<Database>,
  input: { email: string; firstName: string; password: string },
): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const row = await db
    .insertInto('admin_users')
    .values({ email, first_name: input.firstName.trim(), password_hash: passwordHash, role: 'owner' })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!row) throw new AdminExistsError();
  return row;
}

export async function adminCount(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Runs `work` only while no admin exists, holding a table lock so two simultaneous setup
 * requests cannot both create the "first" admin. Returns undefined when one already exists.
 */
export async function whileNoAdmin<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table admin_users in share row exclusive mode`.execute(trx);
    if ((await adminCount(trx)) > 0) return undefined;
    return work(trx);
  });
}
