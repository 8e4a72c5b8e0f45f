import { apiRequest } from '~/platform/http/request';
import { SELF_SERVICE_ENDPOINTS, type SelfServiceView } from './self-service';

// The browser's side of the self-service API (self-service.server.ts).
const at = (url: string, link: string, language: string) =>
  `${url}?link=${encodeURIComponent(link)}&lang=${language}`;

export const fetchMyData = (link: string, language: string) =>
  apiRequest<SelfServiceView>('GET', at(SELF_SERVICE_ENDPOINTS.record.url(), link, language));

export const correctMyData = (link: string, language: string, values: Record<string, unknown>) =>
  apiRequest<SelfServiceView>('PATCH', at(SELF_SERVICE_ENDPOINTS.record.url(), link, language), values);

export const cancelMyRegistration = (link: string, language: string) =>
  apiRequest<SelfServiceView>('POST', at(SELF_SERVICE_ENDPOINTS.cancel.url(), link, language));

export const restoreMyRegistration = (link: string, language: string) =>
  apiRequest<SelfServiceView>('POST', at(SELF_SERVICE_ENDPOINTS.restore.url(), link, language));

export const deleteMyData = (link: string, language: string) =>
  apiRequest<{ ok: true }>('DELETE', at(SELF_SERVICE_ENDPOINTS.record.url(), link, language));

export const endMyLink = (link: string, language: string) =>
  apiRequest<{ ok: true }>('POST', at(SELF_SERVICE_ENDPOINTS.revoke.url(), link, language));

/** The person's own copy of what is stored about the link's address (a JSON file to save). */
export const myDataFileUrl = (link: string, language: string) =>
  at(SELF_SERVICE_ENDPOINTS.export.url(), link, language);
