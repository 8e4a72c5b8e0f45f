import type { DatabaseHandle } from '~/platform/db/client.server';
import type { ScrubClock } from '~/platform/db/scrub.server';
import { HttpError } from '~/platform/http/errors.server';

/**
 * Self-service erasures, paced site-wide (issue 42, finding 1; decision 0032, addendum of
 * 2026-11-29). An erasure's statements run on the server's one thread on the embedded
 * database, and a flood of them from many addresses (each within its per-address limit) took
 * a share of that thread every reader then waited behind: a page served from memory had its
 * p99 at ×4–7 of quiet even with the scrub deferred. So erasures run one at a time, and after
 * each the next waits until that one's time is at most `share` of the clock (its wall time:
 * more than its time on the thread, so the share is an upper bound); a visitor asking alone
 * is answered at once. At most `waitingMax` wait their turn, none longer than `maxWaitMs`;
 * the next is refused with a translated "try again in a minute" (429, Retry-After) and
 * nothing of theirs is erased.
 * An organiser's erasure and the retention job are not paced: nobody outside can start them.
 */
export const ERASURE_PACE = {
  /** The largest share of the time erasures may take, one after another. */
  share: 0.01,
  /** The least gap between two erasures, however quick the last one was. */
  minGapMs: 50,
  /** The largest gap: on a starved machine an erasure's time is mostly waiting for a CPU. */
  maxGapMs: 5_000,
  /** Erasures that may wait their turn; one more is refused. */
  waitingMax: 20,
  /** Nor may one wait longer than this for its turn (a proxy gives up on a request at 60 s). */
  maxWaitMs: 20_000,
  /** What a refused visitor is told to wait, in seconds. */
  retryAfterS: 60,
};

export type PaceOptions = typeof ERASURE_PACE & { clock: ScrubClock };

const realClock: ScrubClock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** The refusal when the line is full: the visitor's data is untouched. */
const erasureBusy = () =>
  new HttpError(429, 'erasure_busy', {
    message: 'privacy:self.errors.busy',
    retryAfter: ERASURE_PACE.retryAfterS,
  });

export class ErasurePace {
  private options: PaceOptions = { ...ERASURE_PACE, clock: realClock };
  private tail: Promise<unknown> = Promise.resolve();
  private nextAt = Number.NEGATIVE_INFINITY;
  private waitingNow = 0;
  private lastGap = 0;

  /** Another clock or limits (tests drive the clock by hand, or switch the pace off). */
  configure(options: Partial<PaceOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** Erasures waiting for their turn (not counting one running). */
  get waiting(): number {
    return this.waitingNow;
  }

  /** Runs `erase` in its turn; refuses at once (erasureBusy) when the line is full. */
  run<T>(erase: () => Promise<T>): Promise<T> {
    const { waitingMax, maxWaitMs } = this.options;
    if (this.waitingNow >= waitingMax || (this.waitingNow + 1) * this.lastGap > maxWaitMs)
      return Promise.reject(erasureBusy());
    this.waitingNow++;
    const result = this.tail
      .then(() => this.gap())
      .then(async () => {
        this.waitingNow--;
        const { clock, share, minGapMs, maxGapMs } = this.options;
        const started = clock.now();
        try {
          return await erase();
        } finally {
          const took = clock.now() - started;
          this.lastGap = Math.min(maxGapMs, Math.max(minGapMs, (took * (1 - share)) / share));
          this.nextAt = clock.now() + this.lastGap;
        }
      });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private gap(): Promise<void> {
    const wait = this.nextAt - this.options.clock.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => this.options.clock.after(wait, resolve));
  }
}

const paces = new WeakMap<DatabaseHandle, ErasurePace>();

/** The one pace of a database's self-service erasures. */
export function erasurePace(database: DatabaseHandle): ErasurePace {
  let pace = paces.get(database);
  if (!pace) paces.set(database, (pace = new ErasurePace()));
  return pace;
}
