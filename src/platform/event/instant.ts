import { TZDate, tzOffset } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '~/platform/i18n/format';

/** 'YYYY-MM-DDTHH:mm' as its numbers: year, month (0–11), day, hour, minute. */
function wallClock(wallTime: string): [number, number, number, number, number] {
  const [date = '', clock = '00:00'] = wallTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return [year!, month! - 1, day!, hour!, minute!];
}

/** A UK wall-clock time ('YYYY-MM-DDTHH:mm', as event facts keep them) as the instant it is. */
export function eventInstant(wallTime: string): Date {
  return new Date(new TZDate(...wallClock(wallTime), EVENT_TIME_ZONE).getTime());
}

const HALF_DAY_MS = 12 * 3_600_000;

/**
 * Whether a UK wall-clock time names exactly one moment (issue 42): null if so; 'gap' when
 * the clocks skip it (the last Sunday of March, 01:00–01:59 does not exist), 'repeat' when
 * they show it twice (the last Sunday of October, 01:00–01:59 comes round again). The
 * candidates are the wall time under each offset the zone has half a day either side; one
 * counts when the zone really has that offset at the moment it gives.
 */
export function wallTimeProblem(wallTime: string): 'gap' | 'repeat' | null {
  const wall = Date.UTC(...wallClock(wallTime));
  if (Number.isNaN(wall)) return null;
  const offsets = new Set(
    [wall - HALF_DAY_MS, wall + HALF_DAY_MS].map((at) => tzOffset(EVENT_TIME_ZONE, new Date(at))),
  );
  const moments = [...offsets].filter(
    (offset) => tzOffset(EVENT_TIME_ZONE, new Date(wall - offset * 60_000)) === offset,
  );
  return moments.length === 0 ? 'gap' : moments.length > 1 ? 'repeat' : null;
}
