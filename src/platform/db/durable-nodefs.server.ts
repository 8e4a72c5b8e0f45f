import { chmodSync, closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { DeferredSyncs } from './deferred-syncs.server';
import { PRIVATE_DIR, privateMode } from './private-files.server';

/**
 * PGlite's on-disk filesystem with a working fsync. See docs/decisions/0007-embedded-database-fsync.md.
 *
 * PGlite keeps its files on Emscripten's NODEFS, which writes straight to the real files
 * (so a committed transaction is in the OS page cache and survives a process crash), but
 * NODEFS has no `fsync` stream operation: PostgreSQL's fsync() silently does nothing, and
 * PGlite also starts PostgreSQL with `-F` (fsync off). Here NODEFS gets a real fsync, and
 * PostgreSQL runs with fsync on and `wal_sync_method=fsync` (Emscripten's fdatasync is a
 * stub that does nothing), so a commit returns only after its WAL is on the disk.
 *
 * Its files are also private (issue 28, finding 8): NODEFS creates and chmods the real files
 * with the modes asked for inside Emscripten (0666 files, 0777 folders, whatever the umask);
 * here every such mode becomes 0600 or 0700 (private-files.server.ts).
 */
export class DurableNodeFS extends NodeFS {
  /** How many times PostgreSQL asked for an fsync (tests check that commits really do). */
  fsyncCalls = 0;
  /** The WAL's fsyncs, awaited off the thread after each statement (decision 0050). */
  readonly syncs = new DeferredSyncs();
  private readonly walPrefix: string;

  constructor(directory: string) {
    super(directory); // creates the folder if missing, with the umask's mode
    chmodSync(directory, PRIVATE_DIR);
    this.walPrefix = path.join(path.resolve(directory), 'pg_wal') + path.sep;
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const { syncs, walPrefix } = this;
    const addFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as {
        stream_ops: {
          fsync?: (stream: Stream) => number;
          setattr: (stream: Stream, attr: { mode?: number }) => void;
          write: (stream: Stream, ...rest: unknown[]) => number;
          close: (stream: Stream) => void;
        };
        node_ops: {
          mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown;
          setattr: (node: unknown, attr: { mode?: number }) => void;
          rename: (...args: unknown[]) => void;
          unlink: (...args: unknown[]) => void;
          rmdir: (...args: unknown[]) => void;
          symlink: (...args: unknown[]) => void;
        };
        tryFSOperation: <T>(operation: () => T) => T;
        realPath: (node: unknown) => string;
      };
      const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
      const { mknod, setattr, rename, unlink, rmdir, symlink } = nodeOps;
      const { setattr: streamSetattr, write } = streamOps;
      // Deferred WAL fsyncs reach the disk before anything that must follow them (DeferredSyncs).
      const drain = () => {
        if (syncs.owed) nodefs.tryFSOperation(() => syncs.drainSync());
      };
      const inWal = (stream: Stream) =>
        (stream.inWal ??=
          !isDirectory(stream.node.mode) && nodefs.realPath(stream.node).startsWith(walPrefix));
      // Every mode NODEFS hands to the real filesystem (creation, chmod, fchmod) made private.
      const tighten = <T extends { mode?: number }>(attr: T): T =>
        typeof attr.mode === 'number' ? { ...attr, mode: privateMode(attr.mode) } : attr;
      nodeOps.mknod = (parent, name, mode, dev) => {
        drain();
        return mknod(parent, name, privateMode(mode), dev);
      };
      nodeOps.setattr = (node, attr) => {
        drain();
        setattr(node, tighten(attr));
      };
      streamOps.setattr = (stream, attr) => {
        drain();
        streamSetattr(stream, tighten(attr));
      };
      nodeOps.rename = (...args) => (drain(), rename(...args));
      nodeOps.unlink = (...args) => (drain(), unlink(...args));
      nodeOps.rmdir = (...args) => (drain(), rmdir(...args));
      nodeOps.symlink = (...args) => (drain(), symlink(...args));
      streamOps.write = (stream, ...rest) => {
        if (!inWal(stream)) drain();
        return write(stream, ...rest);
      };
      // As NODEFS closes, but a descriptor whose fsync is owed is closed after it.
      streamOps.close = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd && !--stream.shared.refcount) syncs.close(stream.nfd);
        });
      nodefs.stream_ops.fsync = (stream) => {
        this.fsyncCalls++;
        // Windows cannot fsync a directory (PostgreSQL's own Windows build doesn't try).
        if (WINDOWS && isDirectory(stream.node.mode)) return 0;
        // A failure becomes an errno for PostgreSQL, which then stops rather than lose data.
        nodefs.tryFSOperation(() => {
          if (inWal(stream)) syncs.defer(stream.nfd);
          else {
            syncs.drainSync();
            fsyncSync(stream.nfd);
          }
        });
        return 0;
      };
    };
    result.emscriptenOpts.preRun = [addFsync, ...(result.emscriptenOpts.preRun ?? [])];
    return result;
  }

  /** PGlite calls this after every statement, before its promise resolves: the WAL is on disk. */
  override async syncToFs(): Promise<void> {
    await this.syncs.flush();
  }

  override async closeFs(): Promise<void> {
    await this.syncs.flush();
    await super.closeFs();
    await this.syncs.flush(); // descriptors closed while their fsync was under way
  }
}

interface Stream {
  nfd: number;
  node: { mode: number };
  shared: { refcount: number };
  /** Ours: whether the file is in pg_wal/ (its fsync may be deferred). */
  inWal?: boolean;
}

const WINDOWS = process.platform === 'win32';
const isDirectory = (mode: number) => (mode & 0o170000) === 0o040000;

/** PGlite's own start parameters, minus `-F` (fsync off), with WAL flushed through fsync. */
const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

export function durablePGliteOptions(directory: string): PGliteOptions & { fs: DurableNodeFS } {
  return { fs: new DurableNodeFS(directory), startParams: [...DURABLE_START_PARAMS] };
}

/**
 * fsyncs every file and directory below `directory`. A new database is created by PGlite's
 * initdb, which writes its files without fsync; this makes them durable once, at creation.
 */
export function fsyncTree(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  if (!WINDOWS) fsyncPath(directory);
}

function fsyncPath(file: string) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
