import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How `npm run db:backup` reaches the server that holds the embedded database (only one
 * process may open it, docs/decisions/0013). At start the server writes, inside DATA_DIR
 * and readable by its owner only, its address and a random token made for this run; the
 * command reads them and downloads the backup over HTTP from 127.0.0.1. Whoever can read
 * the file could copy the database folder anyway: the token grants nothing more.
 */
const FILE = 'local-access.json';

export interface LocalAccess {
  pid: number;
  /** Where the server listens, as seen from this machine. */
  url: string;
  token: string;
}

export const newLocalToken = (): string => randomBytes(32).toString('base64url');

/** The listening address as a URL this machine can call (0.0.0.0 and :: mean loopback). */
export function localUrl(address: { address: string; port: number; family?: string }): string {
  const host = ['0.0.0.0', '::', ''].includes(address.address)
    ? '127.0.0.1'
    : address.address.includes(':')
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

export function writeLocalAccess(dataDir: string, access: LocalAccess): void {
  const file = path.resolve(dataDir, FILE);
  writeFileSync(file, `${JSON.stringify(access)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an older file keeps its mode through writeFileSync
}

export function readLocalAccess(dataDir: string): LocalAccess | undefined {
  try {
    const value = JSON.parse(readFileSync(path.resolve(dataDir, FILE), 'utf8')) as Partial<LocalAccess>;
    if (typeof value.pid === 'number' && typeof value.url === 'string' && typeof value.token === 'string')
      return value as LocalAccess;
  } catch {
    // missing or unreadable: no running server announced itself
  }
  return undefined;
}

/** Removes the file if it is still this run's (a newer server may have replaced it). */
export function removeLocalAccess(dataDir: string, token: string): void {
  if (readLocalAccess(dataDir)?.token === token) rmSync(path.resolve(dataDir, FILE), { force: true });
}

/** Whether an `Authorization: Bearer …` header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!header || !token) return false;
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
