/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong" or "our code is wrong": the connection was cut (server restart, failover,
 * pg_terminate_backend), refused, or timed out. The API answers them 503 `unavailable` with
 * a Retry-After (errors.server.ts); nothing was acknowledged, so the client may retry.
 */

/** SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, crash, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[1-4]|53300)$/;
const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code)))
    return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** Seconds a client should wait before retrying after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The disk under the database (or DATA_DIR) is full: PostgreSQL's `disk_full` (SQLSTATE
 * 53100, "could not extend file …: No space left on device"; PGlite says the same) or a
 * file write's ENOSPC/EDQUOT. Nothing was stored; the API answers 503 `unavailable` with a
 * Retry-After (errors.server.ts) and logs an error, since only an operator can free space.
 */
export function isStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
  return typeof message === 'string' && /No space left on device/i.test(message);
}

/** Seconds a client should wait before retrying after a 503 for a full disk (someone must free space). */
export const STORAGE_FULL_RETRY_AFTER_S = 60;
