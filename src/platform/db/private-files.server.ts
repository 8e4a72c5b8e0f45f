import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's files are the owner's only: files 0600, folders 0700, whatever the
 * umask (issue 28, finding 8). PGlite's Node filesystem creates files with the modes
 * PostgreSQL asks for inside Emscripten, 0666 and 0777, and an older release left a folder
 * like that: `makePrivate` tightens it when it is opened.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

const TYPE_BITS = 0o170000;
const DIRECTORY = 0o040000;

/** `mode` with its permission bits replaced: 0700 for a folder, 0600 for anything else. */
export function privateMode(mode: number): number {
  return (mode & TYPE_BITS) | ((mode & TYPE_BITS) === DIRECTORY ? PRIVATE_DIR : PRIVATE_FILE);
}

/**
 * Makes `root` and everything below it private. Symbolic links are left alone (their own
 * mode means nothing; what they point to is not ours to change), and so is anything another
 * user owns (which we could not change anyway: lost+found on a mount point).
 */
export function makePrivate(root: string): void {
  const uid = process.getuid?.();
  const visit = (target: string) => {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) return;
    const wanted = privateMode(stat.mode);
    if ((stat.mode & 0o7777) !== (wanted & 0o7777)) chmodSync(target, wanted & 0o7777);
    if (stat.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(root);
}

/** Creates the folder (and its parents) if missing; the folder itself ends up 0700. */
export function mkdirPrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR });
  // An existing folder keeps its mode through mkdirSync (and the umask may have narrowed it).
  if ((lstatSync(folder).mode & 0o7777) !== PRIVATE_DIR) chmodSync(folder, PRIVATE_DIR);
}
