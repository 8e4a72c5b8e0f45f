import { endpoint } from '~/platform/http/api';

/** POST: a contact message (body: contactRequestSchema). */
export const CONTACT_ENDPOINT = endpoint('/api/contact');
