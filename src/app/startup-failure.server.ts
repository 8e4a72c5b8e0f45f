import type { Config } from '~/platform/config/config.server';
import { isDatabaseUnavailable } from '~/platform/db/connection-errors.server';
import { ContentUpgradeError } from '~/platform/content/upgrade.server';
import { DataDirLockedError } from '~/platform/db/data-dir-lock.server';

const FILE_SYSTEM_REASONS: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
};

/** Where a PostgreSQL URL points, without its user and password. */
function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/**
 * What the operator reads when the server cannot start: ONE line naming the cause (which
 * setting, which folder, which port), never a stack trace. main.server.ts prints it and
 * exits with status 1.
 */
export function startupFailure(error: unknown, config: Config): string {
  if (error instanceof DataDirLockedError || error instanceof ContentUpgradeError) return error.message;
  const { code, syscall, path } = (error ?? {}) as { code?: string; syscall?: string; path?: string };
  const message = firstLine(error instanceof Error ? error.message || String(code ?? '') : String(error));

  if (syscall === 'listen' || code === 'EADDRINUSE') {
    if (code === 'EADDRINUSE')
      return `Cannot listen: port ${config.PORT} on ${config.HOST} is already in use (EADDRINUSE); stop the other program or set PORT.`;
    if (code === 'EACCES')
      return `Cannot listen: not allowed to use port ${config.PORT} (EACCES); choose a port above 1023 or set PORT.`;
    if (code === 'EADDRNOTAVAIL')
      return `Cannot listen: HOST ${config.HOST} is not an address of this machine (EADDRNOTAVAIL).`;
    return `Cannot listen on ${config.HOST}:${config.PORT}: ${message}.`;
  }
  if (config.DATABASE_URL) {
    const where = databaseAddress(config.DATABASE_URL);
    if (isDatabaseUnavailable(error))
      return `Cannot reach the PostgreSQL server at ${where} (DATABASE_URL): ${message}${code && !message.includes(code) ? ` (${code})` : ''}.`;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return `The PostgreSQL server at ${where} (DATABASE_URL) refused: ${message} (${code}).`;
  } else if (code && FILE_SYSTEM_REASONS[code]) {
    return `The data directory ${config.DATA_DIR} cannot be written: ${FILE_SYSTEM_REASONS[code]} (${code}${path ? `, ${path}` : ''}).`;
  }
  return `The server could not start: ${message}`;
}
