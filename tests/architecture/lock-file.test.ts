import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The committed lock installs on every platform a developer or operator uses (decision 0019):
// npm writes a package's platform binaries into the lock only when the registry has each of
// them at the wanted version, and `npm ci` then refuses the lock on every machine.

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The lock key `name` resolves to from the package at `from`, as Node looks up node_modules. */
function resolveInLock(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

/**
 * The packages that load a native (or WebAssembly) build of their own per platform;
 * typescript-7 is TypeScript 7's compiler (npm run typecheck).
 */
const NATIVE = [
  '@tailwindcss/oxide',
  'rolldown',
  'lightningcss',
  'esbuild',
  'sharp',
  'unrs-resolver',
  'typescript-7',
];

const PLATFORMS = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'musl' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'musl' },
];

describe('package-lock.json', () => {
  it('lists every optional dependency of every package', () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveInLock(key, name))
        .map((name) => `${key || '(root)'} → ${name}@${entry.optionalDependencies?.[name]}`),
    );
    expect(missing, 'regenerate the lock after pinning versions that have every platform build').toEqual([]);
  });

  it.each(NATIVE)('has a build of %s for macOS, Windows and Linux (glibc and musl)', (name) => {
    const entry = lock.packages[`node_modules/${name}`];
    expect(entry, `${name} is no longer installed: update NATIVE`).toBeDefined();
    const builds = Object.keys(entry?.optionalDependencies ?? {}).flatMap((dep) => {
      const key = resolveInLock(`node_modules/${name}`, dep);
      return key ? [lock.packages[key]] : [];
    });
    const uncovered = PLATFORMS.filter(
      (platform) =>
        !builds.some(
          (build) =>
            build?.os?.includes(platform.os) &&
            build.cpu?.includes(platform.cpu) &&
            (!platform.libc || !build.libc || build.libc.includes(platform.libc)),
        ),
    ).map((platform) => Object.values(platform).join('-'));
    expect(uncovered).toEqual([]);
  });
});
