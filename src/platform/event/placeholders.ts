import { formatMoney } from '~/platform/i18n/format';
import type { EventFacts } from '~/platform/site-content/event';
import {
  eventDate,
  eventDateTime,
  eventDayMonth,
  eventShortDate,
  eventTime,
  eventYear,
  mapLink,
} from './format';
import { enOrdinal, isJubilee, ltOrdinal } from './ordinal';

// Apart from format.ts: the pages' shared chunk carries format.ts (its texts fill placeholders
// in the browser), and this is only for the server and the admin area (first-load JavaScript).

/**
 * What texts can say as {{placeholders}}, so each event fact is written once, in the event
 * facts, and formatted in the page's language: every field of the facts has one (a test
 * renders the site with each field changed and expects a page or an e-mail to change).
 * The organisers' editor lists them with their values (ContentEditor, PlaceholderList).
 */
export function eventPlaceholders(
  event: EventFacts,
  language: 'lt' | 'en',
  { over = false }: { over?: boolean } = {},
): Record<string, string> {
  const { opens, closes } = event.registration;
  const lt = language === 'lt';
  const jubilee = isJubilee(event.edition);
  // The weekend last held: this one once it is over, else the one before (a year earlier).
  const last = over ? event.edition : event.edition - 1;
  const lastYear = Number(eventYear(event)) - (over ? 0 : 1);
  const ordinal = lt ? ltOrdinal(event.edition) : enOrdinal(event.edition);
  const ordinalAccusative = lt ? ltOrdinal(event.edition, 'accusative') : ordinal;
  return {
    name: event.name[language],
    edition: String(event.edition),
    // Issue 43: texts that name the edition follow it; "jubilee" only every fifth edition.
    ordinal,
    ordinalGenitive: lt ? ltOrdinal(event.edition, 'genitive') : ordinal,
    ordinalAccusative,
    editionTitle: lt
      ? jubilee
        ? `Jubiliejinis, ${ordinal}`
        : capitalise(ordinal)
      : jubilee
        ? `The jubilee ${ordinal}`
        : `The ${ordinal}`,
    editionAccusative: jubilee
      ? lt
        ? `jubiliejinį, ${ordinalAccusative}`
        : `jubilee ${ordinal}`
      : ordinalAccusative,
    // "…, per Žolinę" only when the weekend starts on the feast's day.
    feast: event.start.slice(5, 10) === '08-15' ? (lt ? ', per Žolinę' : ', the feast of Žolinė') : '',
    lastYear: String(lastYear),
    lastOrdinalAccusative: last < 1 ? '' : lt ? ltOrdinal(last, 'accusative') : enOrdinal(last),
    date: eventDate(event.start, language),
    shortDate: eventShortDate(event.start, language),
    dayMonth: eventDayMonth(event.start, language),
    year: eventYear(event),
    startTime: eventTime(event.start, language),
    endDate: eventDate(event.end, language),
    endTime: eventTime(event.end, language),
    // Empty while not set (registration is open now, until the weekend ends).
    registrationOpens: opens ? eventDateTime(opens, language) : '',
    registrationCloses: closes ? eventDateTime(closes, language) : '',
    checkIn: eventTime(event.checkIn, language),
    musicUntil: eventTime(event.musicUntil, language),
    quietFrom: eventTime(event.quietFrom, language),
    quietUntil: eventTime(event.quietUntil, language),
    lakesOpen: eventTime(event.lakesOpen, language),
    lakesClose: eventTime(event.lakesClose, language),
    officeOpen: eventTime(event.officeOpen, language),
    officeClose: eventTime(event.officeClose, language),
    venue: event.venue.name[language],
    venueAddress: event.venue.address,
    venueWebsite: event.venue.website ?? '',
    mapLink: mapLink(event),
    pitchPerNight: formatMoney(event.fees.pitchPerNight, language),
    dayAdult: formatMoney(event.fees.dayAdult, language),
    dayChild: formatMoney(event.fees.dayChild, language),
    childFreeUnder: String(event.fees.childFreeUnder),
    included: event.included[language],
  };
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('lt') + text.slice(1);
