import { describe, expect, it } from 'vitest';
import { manualScrubClock } from '@tests/helpers/scrub-clock';
import { HttpError } from '~/platform/http/errors.server';
import { ERASURE_PACE, ErasurePace } from './erasure-pace.server';

/** A pace on a hand-driven clock; `work(ms)` is an erasure that takes `ms` of that clock. */
function paced(options: Partial<typeof ERASURE_PACE> = {}) {
  const clock = manualScrubClock();
  const pace = new ErasurePace();
  pace.configure({ ...ERASURE_PACE, ...options, clock });
  const started: string[] = [];
  const work = (name: string, ms: number) => async () => {
    started.push(name);
    clock.advance(ms);
    return name;
  };
  /** Lets every settled promise's callbacks run (the pace chains its turns on promises). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { clock, pace, started, work, settle };
}

describe('the pace of self-service erasures (issue 42)', () => {
  it('answers one alone at once, then keeps the next back until the first is 1 % of the time', async () => {
    const { clock, pace, started, work, settle } = paced();
    expect(await pace.run(work('a', 10))).toBe('a');
    const second = pace.run(work('b', 10));
    await settle();
    expect(started).toEqual(['a']);
    expect(pace.waiting).toBe(1);
    // 10 ms of work is 1 % of 1,000 ms: the next starts 990 ms after it ended.
    expect(clock.nextIn()).toBe(990);
    clock.advance(989);
    await settle();
    expect(started).toEqual(['a']);
    clock.advance(1);
    expect(await second).toBe('b');
    expect(pace.waiting).toBe(0);
  });

  it('keeps the gap between its least and its largest', async () => {
    const quick = paced();
    await quick.pace.run(quick.work('a', 0));
    void quick.pace.run(quick.work('b', 0));
    await quick.settle();
    expect(quick.clock.nextIn()).toBe(ERASURE_PACE.minGapMs);

    const starved = paced();
    await starved.pace.run(starved.work('a', 1_000));
    void starved.pace.run(starved.work('b', 0));
    await starved.settle();
    expect(starved.clock.nextIn()).toBe(ERASURE_PACE.maxGapMs);
  });

  it('refuses one more than may wait, translated, and erases nothing of it', async () => {
    const { pace, started, work, settle } = paced({ waitingMax: 2, minGapMs: 100 });
    await pace.run(work('a', 0));
    const waiting = [pace.run(work('b', 0)), pace.run(work('c', 0))];
    const refused = await pace.run(work('d', 0)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 429,
      extra: { message: 'privacy:self.errors.busy', retryAfter: ERASURE_PACE.retryAfterS },
    });
    await settle();
    expect(started).toEqual(['a']);
    void waiting;
  });

  it('refuses one that would wait longer than a proxy waits, though few are in line', async () => {
    const { clock, pace, work, settle } = paced({ maxGapMs: 10_000, maxWaitMs: 20_000 });
    await pace.run(work('a', 100)); // the gap is now 9,900 ms
    const b = pace.run(work('b', 100));
    const c = pace.run(work('c', 100));
    await expect(pace.run(work('d', 100))).rejects.toMatchObject({ statusCode: 429 });
    clock.advance(9_900);
    await b;
    clock.advance(9_900);
    await settle();
    await c;
  });

  it('goes on after an erasure that failed', async () => {
    const { clock, pace, work } = paced();
    await expect(
      pace.run(async () => {
        throw new Error('database away');
      }),
    ).rejects.toThrow('database away');
    const next = pace.run(work('b', 0));
    clock.advance(ERASURE_PACE.minGapMs);
    expect(await next).toBe('b');
  });
});
