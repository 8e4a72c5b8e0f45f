import { describe, expect, it } from 'vitest';
import type { EventFacts } from '~/platform/site-content/event';
import { eventPhase, nextPhaseChange } from './phase';

// Issue 30: registration opens and closes by itself; the weekend is over when it ends.

const facts = (opens: string, closes: string) =>
  ({ start: '2027-08-14T08:00', end: '2027-08-15T12:00', registration: { opens, closes } }) as EventFacts;
// UK summer time: 12:00 on 15 August 2027 is 11:00 UTC.
const at = (iso: string) => new Date(iso);

describe('the event phase', () => {
  it('without a window: open until the weekend ends, then closed and over', () => {
    const f = facts('', '');
    expect(eventPhase(f, at('2027-01-01T00:00Z'))).toEqual({ registration: 'open', over: false });
    expect(eventPhase(f, at('2027-08-15T10:59Z'))).toEqual({ registration: 'open', over: false });
    expect(eventPhase(f, at('2027-08-15T11:00Z'))).toEqual({ registration: 'closed', over: true });
    expect(nextPhaseChange(f, at('2027-01-01T00:00Z'))).toEqual(at('2027-08-15T11:00Z'));
    expect(nextPhaseChange(f, at('2027-08-15T11:00Z'))).toBeNull();
  });

  it('with a window in UK time: not yet, open, closed before the weekend, over after it', () => {
    const f = facts('2027-03-01T09:00', '2027-08-01T23:59');
    expect(eventPhase(f, at('2027-03-01T08:59Z')).registration).toBe('notYet');
    // 1 March is winter time: 09:00 in the UK is 09:00 UTC.
    expect(eventPhase(f, at('2027-03-01T09:00Z')).registration).toBe('open');
    expect(eventPhase(f, at('2027-08-01T22:58Z')).registration).toBe('open');
    expect(eventPhase(f, at('2027-08-01T22:59Z'))).toEqual({ registration: 'closed', over: false });
    expect(nextPhaseChange(f, at('2027-02-01T00:00Z'))).toEqual(at('2027-03-01T09:00Z'));
    expect(nextPhaseChange(f, at('2027-03-01T09:00Z'))).toEqual(at('2027-08-01T22:59Z'));
    expect(nextPhaseChange(f, at('2027-08-02T00:00Z'))).toEqual(at('2027-08-15T11:00Z'));
  });
});
