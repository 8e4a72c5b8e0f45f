import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminRole, Database } from '~/platform/db/schema';

/** Sign-in lasts at most 12 hours, and ends after 1 hour without any request. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most once a minute (fewer writes). */
const TOUCH_EVERY_MS = 60 * 1000;

/** The cookie name: with the `__Host-` prefix (Secure, Path=/, no Domain) under HTTPS. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? '__Host-bbq_admin' : 'bbq_admin';
}

export function sessionCookieOptions(publicUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: publicUrl.startsWith('https://'),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
}

/** Only the hash is stored: a leaked sessions table cannot be used to sign in. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** Starts a session with a new 256-bit random id (a new id at every sign-in). */
export async function createSession(
  db: Kysely<Database>,
  adminUserId: string,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(id),
      admin_user_id: adminUserId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  // Housekeeping: sign-ins are rare, so this is where old sessions are swept away.
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS)),
      ]),
    )
    .execute();
  return id;
}

export interface SessionAdmin {
  id: string;
  email: string;
  firstName: string;
  isActive: boolean;
  /** Read with every request, so a role taken away applies at the next one. */
  role: AdminRole;
}

/**
 * The admin behind a session id, or undefined when the session is unknown or has expired
 * (an expired one is deleted). Refreshes the idle timer.
 */
export async function readSession(
  db: Kysely<Database>,
  id: string | undefined,
  now = new Date(),
): Promise<SessionAdmin | undefined> {
  if (!id || id.length > 200) return undefined;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admin_users', 'admin_users.id', 'sessions.admin_user_id')
    .select([
      'sessions.expires_at',
      'sessions.last_seen_at',
      'admin_users.id',
      'admin_users.email',
      'admin_users.first_name',
      'admin_users.is_active',
      'admin_users.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    isActive: row.is_active,
    role: row.role,
  };
}

export async function deleteSession(db: Kysely<Database>, id: string | undefined): Promise<void> {
  if (!id || id.length > 200) return;
  await db.deleteFrom('sessions').where('id_hash', '=', hashSessionId(id)).execute();
}
