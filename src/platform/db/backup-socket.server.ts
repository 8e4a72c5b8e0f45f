import { chmodSync, closeSync, existsSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup.server';
import { PRIVATE_FILE } from './private-files.server';

/**
 * How `npm run db:backup` reaches the server that holds the embedded database (only one
 * process may open it, docs/decisions/0013): a Unix socket in DATA_DIR, `backup.sock`, mode
 * 0600 in a 0700 folder. The file's permissions are the access check: whoever may connect
 * could copy the database folder anyway. No TCP port is involved, so nothing that reaches
 * the site (nginx connects from 127.0.0.1) reaches this (issue 28, finding 9).
 *
 * On the socket, plain HTTP: `GET /backup` answers the backup's bytes, or 503 with one line.
 */
const BACKUP_SOCKET = 'backup.sock';
const BACKUP_PATH = '/backup';
/** The token file of the release before; its token opens nothing now. */
const OLD_LOCAL_ACCESS = 'local-access.json';

/** The longest socket path bind/connect take, in bytes without the final 0 (sun_path). */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/**
 * The address to bind or connect to. A DATA_DIR too deep for sun_path is reached on Linux
 * through an open descriptor of the folder (/proc/self/fd/N/backup.sock), which the kernel
 * resolves to the folder itself; `release` closes that descriptor.
 */
function socketAddress(dataDir: string): { path: string; release: () => void } {
  const full = path.resolve(dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(full) <= MAX_SOCKET_PATH) return { path: full, release: () => undefined };
  if (process.platform !== 'linux')
    throw new BackupError(
      `The path ${full} is too long for a Unix socket (${MAX_SOCKET_PATH} bytes at most): choose a shorter DATA_DIR.`,
    );
  const folder = openSync(path.dirname(full), 'r');
  return { path: `/proc/self/fd/${folder}/${BACKUP_SOCKET}`, release: () => closeSync(folder) };
}

/** Whether a process answers on the socket (false for a file left by a killed server). */
function listening(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface BackupSocket {
  close: () => Promise<void>;
}

/**
 * Serves `take()` on DATA_DIR/backup.sock until `close()`. The caller holds the folder's lock,
 * so a socket file already there was left by a server that died (SIGKILL, power cut): it is
 * removed, unless something answers on it.
 */
export async function listenBackupSocket(
  dataDir: string,
  take: () => Promise<Readable>,
  onError: (error: Error) => void,
): Promise<BackupSocket> {
  rmSync(path.resolve(dataDir, OLD_LOCAL_ACCESS), { force: true });
  // Windows has named pipes, not sockets in folders: there the command needs the server stopped.
  if (process.platform === 'win32') return { close: async () => undefined };
  const address = socketAddress(dataDir);
  try {
    if (existsSync(address.path)) {
      if (await listening(address.path))
        throw new BackupError(`Another process answers on ${path.resolve(dataDir, BACKUP_SOCKET)}.`);
      rmSync(address.path, { force: true });
    }
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== BACKUP_PATH) {
        response.writeHead(404).end();
        return;
      }
      take().then(
        (stream) => {
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          pipeline(stream, response).catch(onError);
        },
        (error: unknown) => {
          onError(error as Error);
          response
            .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
            .end(error instanceof BackupError ? error.message : 'The backup failed; see the server log.');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // The folder is 0700 already; the socket itself is the owner's only too.
    chmodSync(address.path, PRIVATE_FILE);
    return {
      close: async () => {
        // Stops listening (Node removes the socket file) and waits for a backup being sent.
        await new Promise<void>((resolve) => server.close(() => resolve()));
        address.release();
      },
    };
  } catch (error) {
    address.release();
    throw error;
  }
}

/** What the command says when the socket is missing, refuses it, or nobody answers. */
function connectionFailure(socket: string, error: NodeJS.ErrnoException): BackupError {
  switch (error.code) {
    case 'ENOENT':
      return new BackupError(
        `The server holds the database but has no ${socket} yet: it is still starting (try again in a minute) or an older version (restart it).`,
      );
    case 'EACCES':
    case 'EPERM':
      return new BackupError(
        `Not allowed to use ${socket}: run the command as the user the server runs as (e.g. sudo -u bbq).`,
      );
    case 'ECONNREFUSED':
      return new BackupError(`Nobody answers on ${socket}: is the server stopping? Try again.`);
    default:
      return new BackupError(`Cannot reach the server through ${socket}: ${error.message}`);
  }
}

/** Asks the server that holds DATA_DIR for a backup; resolves with its bytes as a stream. */
export async function requestBackup(dataDir: string): Promise<Readable> {
  const socket = path.resolve(dataDir, BACKUP_SOCKET);
  const address = socketAddress(dataDir);
  try {
    return await new Promise<Readable>((resolve, reject) => {
      const request = http.get({ socketPath: address.path, path: BACKUP_PATH, agent: false }, (response) => {
        if (response.statusCode === 200) return resolve(response);
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          reject(
            new BackupError(
              `The server refused the backup (${response.statusCode}): ${text.trim() || 'see its log.'}`,
            ),
          ),
        );
      });
      request.once('error', (error) => reject(connectionFailure(socket, error)));
    });
  } finally {
    address.release();
  }
}
