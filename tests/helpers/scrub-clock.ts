import type { ScrubClock } from '~/platform/db/scrub.server';

/**
 * A clock for the deferred erasure scrub (platform/db/scrub.server.ts) that moves only when a
 * test says so: `advance(ms)` runs every timer due by then. Tests wait for the scrub's event
 * (`erasureScrubber(handle).nextScrub()`), never for wall-clock time.
 */
export function manualScrubClock(): ScrubClock & {
  advance: (ms: number) => void;
  /** Milliseconds until the earliest armed timer fires; undefined when none is armed. */
  nextIn: () => number | undefined;
} {
  let at = 0;
  let timers: { due: number; run: () => void }[] = [];
  return {
    now: () => at,
    after(ms, run) {
      const timer = { due: at + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
    advance(ms) {
      at += ms;
      const due = timers.filter((timer) => timer.due <= at);
      timers = timers.filter((timer) => timer.due > at);
      for (const timer of due) timer.run();
    },
    nextIn: () => (timers.length === 0 ? undefined : Math.min(...timers.map((timer) => timer.due)) - at),
  };
}
