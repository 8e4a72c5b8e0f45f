import { describe, expect, it } from 'vitest';
import { eventInstant, wallTimeProblem } from './instant';

// Issue 42.4: UK wall-clock times the clocks skip (spring) or show twice (autumn).

describe('UK wall-clock times', () => {
  it('the hour the clocks skip in spring does not exist', () => {
    // 28 March 2027: at 01:00 GMT the clocks go forward to 02:00 BST.
    expect(wallTimeProblem('2027-03-28T01:30')).toBe('gap');
    expect(wallTimeProblem('2027-03-28T01:00')).toBe('gap');
    expect(wallTimeProblem('2027-03-28T01:59')).toBe('gap');
    expect(wallTimeProblem('2027-03-28T00:59')).toBeNull();
    expect(wallTimeProblem('2027-03-28T00:30')).toBeNull();
    expect(wallTimeProblem('2027-03-28T02:00')).toBeNull();
    expect(wallTimeProblem('2027-03-28T02:30')).toBeNull();
    expect(wallTimeProblem('2026-03-29T01:15')).toBe('gap');
  });

  it('the hour the clocks show twice in autumn is ambiguous', () => {
    // 31 October 2027: at 02:00 BST the clocks go back to 01:00 GMT.
    expect(wallTimeProblem('2027-10-31T01:30')).toBe('repeat');
    expect(wallTimeProblem('2027-10-31T01:00')).toBe('repeat');
    expect(wallTimeProblem('2027-10-31T01:59')).toBe('repeat');
    expect(wallTimeProblem('2027-10-31T00:59')).toBeNull();
    expect(wallTimeProblem('2027-10-31T02:00')).toBeNull();
    expect(wallTimeProblem('2026-10-25T01:45')).toBe('repeat');
  });

  it('every other time names one moment, the one eventInstant gives', () => {
    for (const wall of ['2027-08-14T08:00', '2027-01-01T00:00', '2027-12-31T23:59', '2028-02-29T12:00'])
      expect(wallTimeProblem(wall), wall).toBeNull();
    expect(eventInstant('2027-03-28T02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(eventInstant('2027-03-28T00:30').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(eventInstant('2027-08-14T08:00').toISOString()).toBe('2027-08-14T07:00:00.000Z');
  });
});
