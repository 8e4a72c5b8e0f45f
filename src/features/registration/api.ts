import { endpoint } from '~/platform/http/api';

/** POST: a participant registration (body: registrationRequestSchema). */
export const REGISTRATION_ENDPOINT = endpoint('/api/registrations');

export const PLACES_ENDPOINTS = {
  /** GET: places left under the event's limits (PlacesLeft), for the registration page. */
  left: endpoint('/api/registrations/places'),
  /** POST { token }: accept a freed place offered by e-mail (410 when the offer lapsed). */
  accept: endpoint('/api/registrations/offer/accept'),
};
