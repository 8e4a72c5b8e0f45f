import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import eventInitial from '@content/initial/event.json' with { type: 'json' };
import type { EventFacts } from '~/platform/site-content/event';
import { eventIcs } from './ics.server';

// Issue 28, finding 12: a bare CR (or another control character) in a text of the event
// facts must not start a new line, and so a new property, in the calendar file.

const event = eventInitial as EventFacts;

describe('the calendar file’s text values', () => {
  it('keep every line break and control character inside their property', () => {
    const hostile = {
      ...event,
      name: { lt: 'BBQ\u0001\u0007\u001b[31m', en: 'BBQ' },
      venue: {
        ...event.venue,
        address:
          'Lakes Campsite\rDTSTART:19990101T000000\rX-EVIL:1\nSecond line\r\nThird\u000b\u007f\u0085\u2028Fourth\tend',
      },
    };
    const text = eventIcs(hostile, 'lt', 'https://bbq.example', new Date('2026-01-01T00:00:00Z'));
    // Only CRLF ends a line; every line is a property or a folded continuation.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getAllProperties().map((p) => p.name)).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'location',
      'geo',
      'url',
      'description',
      'status',
      'transp',
    ]);
    expect(vevent.getAllProperties('dtstart')).toHaveLength(1);
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-08-15T08:00:00');
    expect(vevent.getFirstPropertyValue('location')).toBe(
      `${event.venue.name.lt}, Lakes Campsite\nDTSTART:19990101T000000\nX-EVIL:1\nSecond line\nThird\nFourth\tend`,
    );
    expect(vevent.getFirstPropertyValue('summary')).toBe('BBQ[31m');
  });
});
