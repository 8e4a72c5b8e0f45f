import { dateTimeFormat, localeOf } from '~/platform/i18n/format';
import type { EventFacts } from '~/platform/site-content/event';

// Event facts as people read them, in the page's language. The facts are UK wall-clock
// times ('YYYY-MM-DDTHH:mm'): they are shown as written, whatever the reader's time zone.

function wallClock(wallTime: string): Date {
  const [date = '', clock = '00:00'] = wallTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!));
}

const format = (wallTime: string, language: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(wallClock(wallTime));

/** "Saturday, 15 August 2026" / "2026 m. rugpjūčio 15 d., šeštadienis". */
export const eventDate = (wallTime: string, language: string) =>
  format(wallTime, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "15 August 2026" / "2026 m. rugpjūčio 15 d." */
export const eventShortDate = (wallTime: string, language: string) =>
  format(wallTime, language, { day: 'numeric', month: 'long', year: 'numeric' });

/** "15 August" / "rugpjūčio 15 d." */
export const eventDayMonth = (wallTime: string, language: string) =>
  format(wallTime, language, { day: 'numeric', month: 'long' });

/** "12:00" (24-hour in both languages); also for plain 'HH:mm' times. */
export const eventTime = (wallTime: string, language: string) =>
  format(wallTime.includes('T') ? wallTime : `2000-01-01T${wallTime}`, language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** "Monday, 1 March 2027 at 09:00" / "2027 m. kovo 1 d., pirmadienis 09:00". */
export const eventDateTime = (wallTime: string, language: string) =>
  format(wallTime, language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

export const eventYear = (event: EventFacts) => event.start.slice(0, 4);

/** A link to the venue's exact place on a map (its coordinates, not a text search). */
export const mapLink = (event: EventFacts) =>
  `https://www.openstreetmap.org/?mlat=${event.venue.latitude}&mlon=${event.venue.longitude}#map=15/${event.venue.latitude}/${event.venue.longitude}`;

/** Replaces {{name}} with the event's value (unknown names stay as written). */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}
