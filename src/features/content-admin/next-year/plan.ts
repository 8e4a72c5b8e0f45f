import { dateTimeFormat, localeOf } from '~/platform/i18n/format';
import { eventDayMonth, eventShortDate } from '~/platform/event/format';
import type { EventFacts } from '~/platform/site-content/event';

/**
 * Suggestions for next year (issue 30): the same weekend a year later, and the dates of the
 * edition just ended as the history page writes them. Pure, so the page and the server agree.
 */

const DAY_MS = 86_400_000;

function wallDate(wallTime: string): Date {
  const [date = '', clock = '00:00'] = wallTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!));
}

const wallTimeOf = (date: Date) => date.toISOString().slice(0, 16);

/**
 * How far the same weekend moves in a year: 52 or 53 weeks (the same weekdays), whichever
 * lands nearer the same calendar date (15 Aug 2026, a Saturday → Saturday 14 Aug 2027).
 */
export function weeksToSameWeekend(wallTime: string): number {
  const date = wallDate(wallTime);
  const target = new Date(date);
  target.setUTCFullYear(date.getUTCFullYear() + 1);
  const days = (target.getTime() - date.getTime()) / DAY_MS;
  return Math.abs(days - 364) <= Math.abs(days - 371) ? 52 : 53;
}

/** `wallTime` moved by whole weeks ('' stays ''). */
export function moveByWeeks(wallTime: string, weeks: number): string {
  if (!wallTime) return '';
  return wallTimeOf(new Date(wallDate(wallTime).getTime() + weeks * 7 * DAY_MS));
}

/** Next year's edition and dates: one more, the same weekend (and registration window) a year later. */
export function suggestNextEdition(facts: EventFacts) {
  const weeks = weeksToSameWeekend(facts.start);
  return {
    edition: facts.edition + 1,
    start: moveByWeeks(facts.start, weeks),
    end: moveByWeeks(facts.end, weeks),
    registration: {
      opens: moveByWeeks(facts.registration.opens, weeks),
      closes: moveByWeeks(facts.registration.closes, weeks),
    },
  };
}

/**
 * The days of the weekend as a history year shows them, with the event's formatters:
 * "15–16 August 2026" / "2026 m. rugpjūčio 15–16 d." (one day: "6 October 2025"; across
 * months: "31 August – 1 September 2026").
 */
export function weekendDates(start: string, end: string, language: 'lt' | 'en'): string {
  const [first, last] = [start.slice(0, 10), end.slice(0, 10)];
  if (first >= last) return eventShortDate(start, language);
  if (first.slice(0, 7) !== last.slice(0, 7)) {
    return `${eventDayMonth(start, language)} – ${eventShortDate(end, language)}`;
  }
  // One month: the start's date with its day written as the span ("15" → "15–16").
  const parts = dateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(wallDate(first));
  const lastDay = String(Number(last.slice(8, 10)));
  return parts.map((part) => (part.type === 'day' ? `${part.value}–${lastDay}` : part.value)).join('');
}
