import { closeSync, fsync, fsyncSync } from 'node:fs';
import { promisify } from 'node:util';

const fsyncAsync = promisify(fsync);

/**
 * The WAL's fsyncs, done off the server's thread (decision 0050).
 *
 * PGlite runs PostgreSQL on the server's one thread, and its fsync (NODEFS, durable-nodefs)
 * used to be `fsyncSync`: every commit held every request, even a page served from memory,
 * for as long as the disk took (0.1 ms idle, 2–37 ms on a busy shared disk). Here an fsync of
 * a WAL file is only recorded (`defer`) and returns at once; PGlite calls its file system's
 * `syncToFs` after every statement, inside its query lock and before the statement's promise
 * resolves, and that awaits `flush()`: the recorded fsyncs run on libuv's thread pool while
 * the event loop serves others. So nobody is told "stored" before the disk has it, and no
 * other statement (no reader either) runs before the flush ends: nothing can see a commit
 * that is not yet on the disk.
 *
 * Order, as PostgreSQL relies on it: the WAL reaches the disk before any file it protects.
 * Only WAL fsyncs are deferred; `drainSync()` makes every recorded one durable, on the
 * thread, before anything that must follow them: a write to a file outside the WAL, an fsync
 * of one, a create, rename, unlink, truncate. In an ordinary statement none of these follow
 * its commit, so they cost nothing; a checkpoint or `VACUUM FULL` drains as it goes.
 *
 * An fsync that fails is sticky (`failure`): every later flush and fsync fails with it, so
 * the database answers errors until it is reopened and recovers from its WAL, as PostgreSQL
 * itself stops (PANIC) rather than carry on after a failed fsync.
 */
export class DeferredSyncs {
  /** Descriptors whose fsync PostgreSQL asked for and that no fsync has started on since. */
  private readonly pending = new Set<number>();
  /** Descriptors being fsynced on the thread pool now. */
  private readonly busy = new Set<number>();
  /** Descriptors PostgreSQL closed while busy: closed when their fsync ends. */
  private readonly closeAfter = new Set<number>();
  private inFlight: Promise<void> | undefined;
  failure: Error | undefined;
  /** fsyncs done off the thread, and those done on it to keep the order (tests, bench). */
  readonly counts = { deferred: 0, offThread: 0, drained: 0 };
  /**
   * Tests only: awaited before each batch of fsyncs off the thread, so a test can hold the
   * disk "busy" and see that the statement is not answered meanwhile while the loop runs on.
   */
  beforeBatch: (() => Promise<void>) | undefined;

  /** Bench only (`npm run bench -- walsync`): every fsync on the thread, as before 0050. */
  onThread = false;

  /** PostgreSQL asked for an fsync of the WAL file open on `fd`: recorded, not done yet. */
  defer(fd: number): void {
    this.throwIfFailed();
    if (this.onThread) return this.syncNow(fd);
    this.pending.add(fd);
    this.counts.deferred++;
  }

  /** Whether an fsync is recorded or under way (something must wait for it). */
  get owed(): boolean {
    return this.pending.size > 0 || this.busy.size > 0;
  }

  /** Every fsync recorded so far done, on this thread: before an operation that must follow. */
  drainSync(): void {
    this.throwIfFailed();
    // A busy one's fsync may not have started yet: one more is harmless, and in order.
    for (const fd of [...this.pending, ...this.busy]) this.syncNow(fd);
    this.pending.clear();
  }

  /** Resolves once every fsync recorded before the call is on the disk (rejects if one failed). */
  async flush(): Promise<void> {
    while (this.pending.size > 0 || this.inFlight) {
      this.inFlight ??= this.startBatch();
      await this.inFlight;
    }
    this.throwIfFailed();
  }

  /** PostgreSQL closes `fd`: after its fsync if one is recorded or under way. */
  close(fd: number): void {
    if (this.busy.has(fd)) {
      this.closeAfter.add(fd);
      return;
    }
    if (this.pending.delete(fd)) this.syncNow(fd);
    closeSync(fd);
  }

  /** fsync on this thread; a failure is sticky. */
  private syncNow(fd: number) {
    try {
      fsyncSync(fd);
    } catch (error) {
      throw this.fail(error);
    }
    this.counts.drained++;
  }

  private async startBatch(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    for (const fd of batch) this.busy.add(fd);
    try {
      await this.beforeBatch?.();
      await Promise.all(
        batch.map(async (fd) => {
          await fsyncAsync(fd);
          this.counts.offThread++;
        }),
      );
    } catch (error) {
      this.fail(error);
    } finally {
      for (const fd of batch) {
        this.busy.delete(fd);
        if (this.closeAfter.delete(fd)) closeSync(fd);
      }
      this.inFlight = undefined;
    }
  }

  private fail(error: unknown): Error {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
    return this.failure;
  }

  private throwIfFailed() {
    if (this.failure) throw this.failure;
  }
}
