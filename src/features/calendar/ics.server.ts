import type { EventFacts } from '~/platform/site-content/event';
import type { Language } from '~/platform/i18n/languages';
import { PATHS } from '~/platform/paths';

// The event as an iCalendar file (RFC 5545), written by hand: one event and one time zone
// are ~60 lines, where the libraries either write UTC only or need a time-zone database
// package besides (decision 0017).

const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).toString();
const pagePath = (path: string, language: Language) => (language === 'en' ? `${path}?lang=en` : path);
const utf8 = new TextEncoder();

/**
 * Text values escape backslash, semicolon, comma and a line break (CRLF, LF or a bare CR,
 * which would otherwise start a new property line) as `\n` (RFC 5545 3.3.11); other control
 * characters have no place in TEXT (3.3.11: only tab among them) and are dropped.
 */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '');

/** Lines longer than 75 octets are folded: CRLF and a space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** '2026-08-15T08:00' → '20260815T080000' (local time of the TZID). */
const localStamp = (wallTime: string) => `${wallTime.replace(/[-:]/g, '')}00`;
const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * Europe/London: GMT in winter, BST from the last Sunday of March to the last Sunday of
 * October (the rules since 1996), so calendars place the event right wherever they are.
 */
const LONDON_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19810329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19961027T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The event as an iCalendar file ("Add to calendar"), in the visitor's language. */
export function eventIcs(event: EventFacts, language: Language, siteUrl: string, now: Date): string {
  const host = new URL(siteUrl).host;
  const url = absolute(siteUrl, pagePath(PATHS.about, language));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//BBQ weekend//${language.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...LONDON_TIMEZONE,
    'BEGIN:VEVENT',
    // One id per edition: a calendar updates the entry when the date moves.
    `UID:bbq-weekend-${event.edition}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Europe/London:${localStamp(event.start)}`,
    `DTEND;TZID=Europe/London:${localStamp(event.end)}`,
    `SUMMARY:${escapeText(event.name[language])}`,
    `LOCATION:${escapeText(`${event.venue.name[language]}, ${event.venue.address}`)}`,
    `GEO:${event.venue.latitude};${event.venue.longitude}`,
    `URL:${url}`,
    `DESCRIPTION:${escapeText(`${event.included[language]}\n${url}`)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
