import { API_ACCEPT, answerError, networkError } from './request';

/**
 * Sends a form (files) to our API, reporting the upload's progress (0–1): XMLHttpRequest,
 * because fetch cannot report how much of a request body has gone. Otherwise as
 * `apiRequest`: the same headers and cookies, the JSON answer, failures as ApiError.
 */
export function apiUpload<T>(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    for (const [name, value] of Object.entries(API_ACCEPT)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      // responseType 'json' gives null for a body that is not JSON (a proxy's page).
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else reject(answerError(request.status, request.response));
    };
    request.onerror = request.onabort = request.ontimeout = () => reject(networkError());
    request.send(body);
  });
}
