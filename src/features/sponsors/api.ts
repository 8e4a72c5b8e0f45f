import { endpoint } from '~/platform/http/api';

/** POST: a sponsor application (body: sponsorApplicationRequestSchema). */
export const SPONSOR_APPLICATION_ENDPOINT = endpoint('/api/sponsor-applications');
