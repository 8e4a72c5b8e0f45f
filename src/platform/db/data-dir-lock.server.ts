import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { makePrivate, mkdirPrivate, PRIVATE_FILE } from './private-files.server';

/**
 * One writer per embedded database. PGlite has no lock of its own: two processes that open
 * one DATA_DIR each believe they own it, and what one of them commits is lost when the
 * other writes its files (issue 19, finding 5). So the process that opens the folder holds
 * a lock in it (proper-lockfile: an atomic `mkdir` of `writer.lock`, its mtime refreshed
 * while held), and writes its pid beside it (`writer.pid`).
 *
 * A lock left by a process that died (SIGKILL, power cut) is taken over at once when that
 * pid is no longer alive (or is our own pid: a container restarted as pid 1), and in any case
 * once it has not been refreshed for `STALE_MS`.
 *
 * The folder is the owner's only (issue 28, finding 8): whoever takes the lock makes the
 * folder and everything in it 0700 / 0600, so a folder an older release left readable to
 * every user of the machine is tightened the next time it is opened.
 */

const LOCK = 'writer.lock';
const OWNER = 'writer.pid';
/** A held lock is refreshed every UPDATE_MS; one not refreshed for STALE_MS is abandoned. */
const STALE_MS = 60_000;
const UPDATE_MS = 5_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid ?? 'unknown'}): ` +
        'only one process may open the embedded database; stop the other one first.',
    );
  }
}

function ownerOf(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, OWNER), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Takes the folder's lock or throws DataDirLockedError naming the holder's pid. Resolves
 * with the function that releases it. `onLost` is called if the lock is taken away while
 * held (its directory removed, or not refreshed in time).
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void = (error) => console.error(`Data directory lock lost: ${error.message}`),
): Promise<() => Promise<void>> {
  const folder = path.resolve(dataDir);
  mkdirPrivate(folder);
  const options = {
    lockfilePath: path.join(folder, LOCK),
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised: onLost,
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(folder, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = ownerOf(folder);
    if (owner === undefined || (owner !== process.pid && isAlive(owner))) {
      throw new DataDirLockedError(folder, owner);
    }
    // Left behind by a process that is gone.
    rmSync(options.lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(folder, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataDirLockedError(folder, ownerOf(folder));
      throw again;
    }
  }
  const unlock = async () => {
    rmSync(path.join(folder, OWNER), { force: true });
    await release();
  };
  try {
    writeFileSync(path.join(folder, OWNER), `${process.pid}\n`, { mode: PRIVATE_FILE });
    makePrivate(folder);
  } catch (error) {
    await unlock();
    throw error;
  }
  return unlock;
}
