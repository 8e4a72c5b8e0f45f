import { z } from 'zod';
import { endpoint } from '~/platform/http/api';

/** The event's calendar file ("Add to calendar"), in the visitor's language. */
export const CALENDAR_ENDPOINTS = {
  ics: endpoint('/renginys.ics'),
};

export const calendarQuerySchema = z.object({ lang: z.enum(['lt', 'en']).default('lt') });

export const calendarUrl = (language: 'lt' | 'en') =>
  language === 'en' ? `${CALENDAR_ENDPOINTS.ics.path}?lang=en` : CALENDAR_ENDPOINTS.ics.path;
