import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from './client.server';
import { lockDataDir } from './data-dir-lock.server';
import { durablePGliteOptions, fsyncTree } from './durable-nodefs.server';
import { erasureScrubber } from './scrub.server';
import { holdMailStatement } from '~/platform/mail/hold.server';

/**
 * Backups of either database, in one file (docs/decisions/0018-backups.md):
 * - embedded (PGlite): its data directory as a gzipped tarball (`dumpDataDir`), taken by the
 *   process that holds the database, between two statements: a crash-consistent copy that
 *   PostgreSQL's recovery brings to the last commit on restore;
 * - PostgreSQL: `pg_dump --format=custom`.
 * Uploaded photos live in the database (media, media_variants), so both include them.
 */

/** A failure the operator can act on: one line, no stack trace. */
export class BackupError extends Error {}

export type BackupKind = 'pglite' | 'postgres';

const BACKUP_EXTENSIONS: Record<BackupKind, string> = {
  pglite: '.pglite.tar.gz',
  postgres: '.pgdump',
};

/** `bbq-backup-2026-07-04T10-15-00Z.pglite.tar.gz`: sorts by time, no characters a shell minds. */
export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `bbq-backup-${stamp}${BACKUP_EXTENSIONS[kind]}`;
}

/**
 * Where `npm run db:backup [FILE | FOLDER]` writes: FILE as given; in a folder (or, with no
 * argument, the current one) a new name by the time, to the second, with `-2`, `-3`… when a
 * backup of that second is there: a second backup the same day must not fail on its name
 * (issue 50, item 8).
 */
export function backupTarget(argument: string | undefined, kind: BackupKind, at = new Date()): string {
  const given = path.resolve(argument ?? '.');
  if (argument !== undefined && !(existsSync(given) && statSync(given).isDirectory())) return given;
  const first = path.join(given, backupFileName(kind, at));
  const extension = BACKUP_EXTENSIONS[kind];
  let candidate = first;
  for (let copy = 2; existsSync(candidate) || existsSync(`${candidate}.partial`); copy++)
    candidate = `${first.slice(0, -extension.length)}-${copy}${extension}`;
  return candidate;
}

/** Which kind of backup a file is, from its first bytes; undefined for anything else. */
export function detectBackupKind(file: string): BackupKind | undefined {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

// ---- PostgreSQL: the client tools ------------------------------------------------------

/**
 * libpq's environment for a postgres:// address. The password goes in PGPASSWORD, not on
 * the command line, where every user of the machine could read it (`ps`).
 */
function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const decode = (value: string) => decodeURIComponent(value);
  const env: Record<string, string> = {
    PGHOST: url.searchParams.get('host') ?? (decode(url.hostname).replace(/^\[|\]$/g, '') || 'localhost'),
    PGPORT: url.port || '5432',
    PGDATABASE: decode(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decode(url.username);
  if (url.password) env.PGPASSWORD = decode(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  if (!env.PGDATABASE) throw new BackupError('DATABASE_URL names no database (postgres://…/name).');
  return env;
}

const TOOLS_MISSING = (tool: string) =>
  `${tool} was not found: install the PostgreSQL client tools, of the server's major version or newer ` +
  '(Debian/Ubuntu: apt install postgresql-client), then try again.';

/**
 * Runs pg_dump or pg_restore against the database. Resolves with its stdout stream once it
 * has started; `done` settles when it exits (BackupError with its stderr when it fails).
 */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): { stdout: Readable; done: Promise<void> } {
  const child = spawn(tool, args, {
    env: { ...process.env, ...libpqEnv(databaseUrl) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? TOOLS_MISSING(tool) : `${tool}: ${error.message}`)),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else if (code !== null)
        reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').join(' ')}`));
    });
  });
  return { stdout: child.stdout, done };
}

// ---- Taking a backup ------------------------------------------------------------------

/**
 * The backup of an open database as a stream of bytes. Embedded: the scrub of erasures not yet
 * scrubbed, a checkpoint (so a restore
 * has little WAL to replay), then the data directory, read while no statement runs.
 * PostgreSQL: pg_dump's output; a pg_dump that fails at once (tools missing, wrong password,
 * version mismatch) rejects here, before any byte is sent.
 */
export async function backupStream(database: DatabaseHandle, databaseUrl: string | undefined) {
  if (database.kind === 'pglite') {
    if (!database.dumpDataDir) throw new BackupError('This embedded database is not on disk.');
    // Erasures waiting for their deferred scrub are scrubbed first: a backup taken after an
    // erasure never holds its bytes (decision 0032, addendum 2026-11-28).
    await erasureScrubber(database).now();
    await sql`checkpoint`.execute(database.db);
    const tarball = await database.dumpDataDir();
    return Readable.from(Buffer.from(await tarball.arrayBuffer()));
  }
  if (!databaseUrl) throw new BackupError('DATABASE_URL is not set.');
  const { stdout, done } = runPgTool('pg_dump', ['--format=custom', '--no-password'], databaseUrl);
  const failure = done.then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  // Wait for the first bytes: a pg_dump that fails at once is an error, not an empty file.
  await new Promise((resolve) => stdout.once('readable', resolve));
  const first: Buffer | null = stdout.read();
  if (first === null) throw (await failure) ?? new BackupError('pg_dump wrote nothing.');
  stdout.unshift(first);
  void failure.then((error) => error && stdout.destroy(error));
  return stdout;
}

// ---- Restoring ------------------------------------------------------------------------

/** What a restore brought back, for the one line the command prints. */
export interface RestoreSummary {
  migrations: number;
  /** Rows in every table, all features' together (the platform names none of them). */
  rows: number;
  media: number;
}

async function summarise(
  file: string,
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<RestoreSummary> {
  const count = async (table: string) => {
    const { rows } = await query(`select count(*)::int as n from ${table}`);
    return Number((rows[0] as { n: number }).n);
  };
  try {
    const migrations = await count('kysely_migration');
    const media = await count('media');
    const { rows: tables } = await query(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let rows = 0;
    for (const { name } of tables as { name: string }[]) rows += await count(`"${name.replace(/"/g, '""')}"`);
    return { migrations, rows, media };
  } catch {
    throw new BackupError(`${file} restored, but it is not a backup of this site (its tables are missing).`);
  }
}

/** The names in a tar archive; undefined when it is not one (a header's checksum or size is wrong). */
function tarNames(tar: Buffer): Set<string> | undefined {
  const names = new Set<string>();
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return names; // the end-of-archive blocks
    const octal = (start: number, length: number) =>
      parseInt(
        header
          .toString('latin1', start, start + length)
          .replace(/\0.*$/s, '')
          .trim() || 'x',
        8,
      );
    // The header's checksum: the sum of its bytes, its own field counted as spaces.
    let sum = 0;
    for (let index = 0; index < 512; index++) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
    const size = octal(124, 12);
    if (octal(148, 8) !== sum || !Number.isInteger(size) || size < 0) return undefined;
    offset += 512 + Math.ceil(size / 512) * 512;
    if (offset > tar.length) return undefined; // an entry cut short
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    names.add(name.replace(/^(\.?\/)+/, ''));
  }
  return names.size > 0 ? names : undefined;
}

/**
 * An embedded backup's tarball, checked whole before anything is written (issue 28, finding
 * 13): a truncated or altered file (gzip's length and CRC-32 cover every byte) and anything
 * that is not a tarball of a PostgreSQL data directory end in one BackupError naming the file.
 */
function readEmbeddedBackup(file: string): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'Z_BUF_ERROR')
      throw new BackupError(`${file} is damaged: it ends early (cut short while written or copied?).`);
    if (code?.startsWith('Z_'))
      throw new BackupError(`${file} is damaged: its compressed data fails the check (${message}).`);
    throw error;
  }
  const names = tarNames(tar);
  if (!names?.has('PG_VERSION'))
    throw new BackupError(
      `${file} is not a backup of the embedded database: ${names ? 'it has no PG_VERSION' : 'it is not a tar archive'}.`,
    );
  return tar;
}

/**
 * Restores an embedded backup into DATA_DIR, which must hold no database: the file is checked
 * whole first (readEmbeddedBackup), the folder's lock is taken (a running server refuses it),
 * PGlite unpacks the tarball and starts on it once (recovery replays the WAL to the last
 * commit), then everything is fsynced. The files it writes are private (durable-nodefs).
 */
export async function restorePglite(file: string, dataDir: string): Promise<RestoreSummary> {
  const tar = readEmbeddedBackup(file);
  const unlock = await lockDataDir(dataDir);
  const location = path.resolve(dataDir, 'pglite');
  try {
    if (existsSync(location) && readdirSync(location).length > 0)
      throw new BackupError(
        `${location} is not empty: restore only into an empty DATA_DIR (move the old folder away, or choose another DATA_DIR).`,
      );
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({
        ...durablePGliteOptions(location),
        // Uncompressed, and without a type: PGlite untars it as it is.
        loadDataDir: new Blob([new Uint8Array(tar)]),
      });
    } catch (error) {
      rmSync(location, { recursive: true, force: true });
      throw new BackupError(`${file} could not be restored (${(error as Error).message}).`);
    }
    try {
      const hold = holdMailStatement('restored');
      await pglite.query(hold.text, hold.values);
      return await summarise(file, (text) => pglite.query(text));
    } catch (error) {
      await pglite.close();
      rmSync(location, { recursive: true, force: true });
      throw error;
    } finally {
      if (!pglite.closed) await pglite.close();
      if (existsSync(location)) fsyncTree(location);
    }
  } finally {
    await unlock();
  }
}

/** Restores a pg_dump file into a PostgreSQL database that has no tables yet. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<RestoreSummary> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the PostgreSQL database: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0)
      throw new BackupError(
        `The database ${libpqEnv(databaseUrl).PGDATABASE} is not empty (${rows[0]!.n} tables): restore only into a new, empty database (createdb …).`,
      );
    const { stdout, done } = runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--no-password',
        '--dbname',
        libpqEnv(databaseUrl).PGDATABASE!,
        file,
      ],
      databaseUrl,
    );
    stdout.resume();
    await done;
    const hold = holdMailStatement('restored');
    await client.query(hold.text, hold.values);
    return await summarise(file, (text) => client.query(text));
  } finally {
    await client.end();
  }
}
