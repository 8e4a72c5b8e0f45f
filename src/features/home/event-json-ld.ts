import { TZDate } from '@date-fns/tz';
import type { EventFacts } from '~/platform/site-content/event';
import type { SiteContacts } from '~/platform/site-content/contacts';
import { EVENT_TIME_ZONE } from '~/platform/i18n/format';
import { LANGUAGES, type Language } from '~/platform/i18n/languages';
import { PATHS } from '~/platform/paths';
import { mapLink } from '~/platform/event/format';

/** A UK wall-clock time as ISO 8601 with its offset that day ('2026-08-15T08:00:00+01:00'). */
function isoWithOffset(wallTime: string): string {
  const [date = '', clock = '00:00'] = wallTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return new TZDate(year!, month! - 1, day!, hour!, minute!, EVENT_TIME_ZONE)
    .toISOString()
    .replace('.000', '');
}

const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).toString();
const pagePath = (path: string, language: Language) => (language === 'en' ? `${path}?lang=en` : path);

/**
 * schema.org `Event` for search engines (https://schema.org/Event, with the properties
 * Google's event results ask for), from the event facts, in the page's language.
 */
function eventJsonLd(
  event: EventFacts,
  contacts: SiteContacts,
  language: Language,
  siteUrl: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name[language],
    description: event.included[language],
    startDate: isoWithOffset(event.start),
    endDate: isoWithOffset(event.end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: language,
    url: absolute(siteUrl, pagePath(PATHS.home, language)),
    image: [absolute(siteUrl, '/og-image.png')],
    location: {
      '@type': 'Place',
      name: event.venue.name[language],
      address: { '@type': 'PostalAddress', streetAddress: event.venue.address, addressCountry: 'GB' },
      geo: { '@type': 'GeoCoordinates', latitude: event.venue.latitude, longitude: event.venue.longitude },
      hasMap: mapLink(event),
      ...(event.venue.website ? { url: event.venue.website } : {}),
    },
    organizer: {
      '@type': 'Organization',
      name: contacts.organisation[language],
      url: contacts.website,
      email: contacts.email,
    },
    offers: {
      '@type': 'Offer',
      price: (event.fees.pitchPerNight / 100).toFixed(2),
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      url: absolute(siteUrl, pagePath(PATHS.registration, language)),
    },
  };
}

/**
 * The event's JSON-LD in both languages, ready for a script element (`<` escaped so no text
 * in the facts can close it). Made by the home page's loader, on the server: the time-zone
 * code behind `isoWithOffset` stays out of the page's JavaScript (2 KB gzip).
 */
export function eventJsonLdScripts(
  event: EventFacts,
  contacts: SiteContacts,
  siteUrl: string,
): Record<Language, string> {
  const script = (language: Language) =>
    JSON.stringify(eventJsonLd(event, contacts, language, siteUrl)).replace(/</g, '\\u003c');
  return Object.fromEntries(LANGUAGES.map((language) => [language, script(language)])) as Record<
    Language,
    string
  >;
}
