import { endpoint } from '~/platform/http/api';

// No zod here: the 'Add to calendar' button is on the home page, whose first load must not
// carry zod (24 KB gzip); the query's schema is the server's (features/calendar).
/** The event's calendar file ("Add to calendar"), in the visitor's language. */
export const CALENDAR_ENDPOINTS = {
  ics: endpoint('/renginys.ics'),
};

export const calendarUrl = (language: 'lt' | 'en') =>
  language === 'en' ? `${CALENDAR_ENDPOINTS.ics.path}?lang=en` : CALENDAR_ENDPOINTS.ics.path;
