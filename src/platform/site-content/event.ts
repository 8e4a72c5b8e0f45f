import { z } from 'zod';
import { defineContentType } from '~/platform/content/content-type';
import { dateTime, group, localized, money, number, plainText, time, url } from '~/platform/content/fields';
import { PATHS } from '~/platform/paths';

/**
 * The next event's facts as typed data, edited once by the organisers and shown everywhere
 * (home, about, registration, e-mails, the calendar file, the countdown), each formatted in
 * the page's language. Times are UK wall-clock times ('YYYY-MM-DDTHH:mm'), where it happens.
 */
/** The places of an event whose organisers have set no limit. */
const NO_LIMITS = { pitches: null, people: null, offerHours: 48 };
/** The hours the about page's code showed before shape 4. */
const VENUE_HOURS_BEFORE_SHAPE_4 = {
  lakesOpen: '09:00',
  lakesClose: '20:00',
  officeOpen: '09:00',
  officeClose: '18:00',
};

export const eventContent = defineContentType({
  id: 'event',
  label: 'content:types.event',
  pages: [PATHS.home, PATHS.about, PATHS.zoline, PATHS.registration],
  schema: z
    .strictObject({
      name: localized({ label: 'content:event.name' }),
      edition: number({
        label: 'content:event.edition',
        help: 'content:event.editionHelp',
        min: 1,
        max: 1000,
      }),
      start: dateTime({ label: 'content:event.start' }),
      end: dateTime({ label: 'content:event.end' }),
      registration: group(
        {
          opens: dateTime({
            label: 'content:event.registrationOpens',
            help: 'content:event.registrationOpensHelp',
            optional: true,
          }),
          closes: dateTime({
            label: 'content:event.registrationCloses',
            help: 'content:event.registrationClosesHelp',
            optional: true,
          }),
        },
        { label: 'content:event.registration' },
      ),
      checkIn: time({ label: 'content:event.checkIn' }),
      musicUntil: time({ label: 'content:event.musicUntil' }),
      quietFrom: time({ label: 'content:event.quietFrom' }),
      quietUntil: time({ label: 'content:event.quietUntil' }),
      // Issue 43: the campsite's own hours, shown on the about page, the FAQ, safety and registration.
      lakesOpen: time({ label: 'content:event.lakesOpen' }),
      lakesClose: time({ label: 'content:event.lakesClose' }),
      officeOpen: time({ label: 'content:event.officeOpen' }),
      officeClose: time({ label: 'content:event.officeClose' }),
      venue: group(
        {
          name: localized({ label: 'content:event.venueName' }),
          address: plainText({ label: 'content:event.venueAddress', multiline: true }),
          latitude: number({ label: 'content:event.latitude', min: -90, max: 90 }),
          longitude: number({ label: 'content:event.longitude', min: -180, max: 180 }),
          website: url({ label: 'content:event.venueWebsite', optional: true }),
        },
        { label: 'content:event.venue' },
      ),
      fees: group(
        {
          pitchPerNight: money({ label: 'content:event.pitchPerNight' }),
          dayAdult: money({ label: 'content:event.dayAdult' }),
          dayChild: money({ label: 'content:event.dayChild', allowZero: true }),
          childFreeUnder: number({ label: 'content:event.childFreeUnder', min: 0, max: 18 }),
        },
        { label: 'content:event.fees' },
      ),
      included: localized({ label: 'content:event.included', multiline: true }),
      // Issue 32: the campsite's limits (empty: none) and how long a freed place is held for
      // the first on the waiting list.
      places: group(
        {
          pitches: number({
            label: 'content:event.pitches',
            help: 'content:event.pitchesHelp',
            min: 1,
            max: 10_000,
            decimals: 0,
            optional: true,
          }),
          people: number({
            label: 'content:event.people',
            help: 'content:event.peopleHelp',
            min: 1,
            max: 100_000,
            decimals: 0,
            optional: true,
          }),
          offerHours: number({
            label: 'content:event.offerHours',
            help: 'content:event.offerHoursHelp',
            min: 1,
            max: 14 * 24,
            decimals: 0,
          }),
        },
        { label: 'content:event.places' },
      ),
    })
    .superRefine((event, ctx) => {
      if (event.end <= event.start) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: 'content:errors.dateOrder' });
      }
      const { opens, closes } = event.registration;
      if (closes && closes > event.end) {
        ctx.addIssue({
          code: 'custom',
          path: ['registration', 'closes'],
          message: 'content:errors.registrationAfterEnd',
        });
      }
      if (opens && closes && closes <= opens) {
        ctx.addIssue({
          code: 'custom',
          path: ['registration', 'closes'],
          message: 'content:errors.registrationOrder',
        });
      }
    }),
  upgrades: {
    // Shape 2 (issue 30): the registration window; empty = open now, until the weekend ends.
    1: (facts) => ({ ...(facts as object), registration: { opens: '', closes: '' } }),
    // Shape 3 (issue 32): places; no limit until the organisers set one.
    2: (facts) => ({ ...(facts as object), places: { ...NO_LIMITS } }),
    // Shape 4 (issue 43): the lakes' and the office's hours, until then written in the pages' code.
    3: (facts) => ({ ...(facts as object), ...VENUE_HOURS_BEFORE_SHAPE_4 }),
  },
});

export type EventFacts = z.output<typeof eventContent.schema>;
