import { endpoint } from '~/platform/http/api';

/** POST: a participant registration (body: registrationRequestSchema). */
export const REGISTRATION_ENDPOINT = endpoint('/api/registrations');
