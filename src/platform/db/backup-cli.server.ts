// Backups from the command line, with the server's settings (DATABASE_URL / DATA_DIR):
//   npm run db:backup [FILE | FOLDER]   one file: embedded database → .pglite.tar.gz, PostgreSQL → .pgdump;
//                                       in a FOLDER (or here) named by the time, never reusing a name
//   npm run db:restore FILE      into an empty DATA_DIR, or an empty PostgreSQL database
// Embedded: while the server runs it holds the database (one writer, decision 0013), so the
// backup is taken by the server, asked over the Unix socket DATA_DIR/backup.sock
// (backup-socket.server.ts); with no server running, this command opens the database itself.
// Whatever goes wrong with a file or a setting ends in ONE line on stderr and exit code 1.
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig } from '~/platform/config/config.server';
import { exitOnUnsupportedNode } from '~/platform/config/supported-node.server';
import {
  BackupError,
  backupTarget,
  backupStream,
  detectBackupKind,
  restorePglite,
  restorePostgres,
  runPgTool,
} from './backup.server';
import { openDatabase } from './client.server';
import { requestBackup } from './backup-socket.server';
import { DataDirLockedError } from './data-dir-lock.server';
import { PRIVATE_FILE } from './private-files.server';

const USAGE = 'Usage: npm run db:backup [FILE | FOLDER]   |   npm run db:restore FILE';

/** Writes the stream to FILE through FILE.partial, so a failed backup never looks complete. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** A new file, the owner's only (issue 28, finding 8): `wx` never reuses an older file's mode. */
async function toFile(stream: Readable, file: string) {
  rmSync(file, { force: true }); // a .partial left by a killed run
  await pipeline(stream, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE }));
}

/** The embedded database's backup, from the server that holds it or, when none does, directly. */
async function backupEmbedded(dataDir: string, file: string) {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${path.resolve(dataDir)} (DATA_DIR).`);
  let database;
  try {
    database = await openDatabase({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const stream = await requestBackup(dataDir);
    await writeAtomically(file, (partial) => toFile(stream, partial));
    return 'through the running server';
  }
  try {
    await writeAtomically(file, async (partial) => toFile(await backupStream(database, undefined), partial));
  } finally {
    await database.close();
  }
  return 'directly (no server was running)';
}

async function backup(fileArgument: string | undefined) {
  const config = loadConfig();
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const file = backupTarget(fileArgument, kind);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);
  if (!existsSync(path.dirname(file)))
    throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  let how: string;
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    await writeAtomically(file, async (partial) => {
      const { stdout, done } = runPgTool('pg_dump', ['--format=custom', '--no-password'], url);
      await Promise.all([toFile(stdout, partial), done]);
    });
    how = 'with pg_dump';
  } else {
    how = await backupEmbedded(config.DATA_DIR, file);
  }
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Backup written to ${file} (${megabytes} MB, ${how}).`);
}

async function restore(file: string | undefined) {
  if (!file) throw new BackupError(USAGE);
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const stat = statSync(file);
  if (stat.isDirectory()) throw new BackupError(`${file} is a folder, not a backup file.`);
  if (!stat.isFile()) throw new BackupError(`${file} is not a regular file.`);
  if (stat.size === 0)
    throw new BackupError(`${file} is empty: not a backup (did the command that wrote it fail?).`);
  const config = loadConfig();
  const kind = detectBackupKind(file);
  if (!kind) throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind !== target)
    throw new BackupError(
      kind === 'pglite'
        ? `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`
        : `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty database to restore it.`,
    );
  const summary =
    kind === 'pglite'
      ? await restorePglite(file, config.DATA_DIR)
      : await restorePostgres(file, config.DATABASE_URL!);
  const where = kind === 'pglite' ? path.resolve(config.DATA_DIR) : 'the PostgreSQL database';
  console.log(
    `Restored into ${where}: ${summary.rows} rows, ${summary.media} photos, ${summary.migrations} migrations. ` +
      'Start the server: it applies any newer migrations.',
  );
}

const FILE_SYSTEM_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
};

/** The one line for a failure the operator can act on; undefined for a fault of ours. */
function oneLine(error: unknown): string | undefined {
  if (error instanceof DataDirLockedError)
    return `${error.message.replace(/stop the other one first\.$/, '')}stop the server before restoring into its DATA_DIR.`;
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  const { code, path: where } = error as NodeJS.ErrnoException;
  if (code && FILE_SYSTEM_REASONS[code])
    return `${where ?? 'A file'}: ${FILE_SYSTEM_REASONS[code]} (${code}).`;
  return undefined;
}

exitOnUnsupportedNode();
const [command, argument, extra] = process.argv.slice(2);
try {
  if (extra !== undefined || (command !== 'backup' && command !== 'restore')) throw new BackupError(USAGE);
  if (command === 'backup') await backup(argument);
  else await restore(argument);
  process.exit(0);
} catch (error) {
  const line = oneLine(error);
  if (line === undefined) throw error;
  console.error(line);
  process.exit(1);
}
