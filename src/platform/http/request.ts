/**
 * Calling our API from the browser, the one way (ESLint refuses fetch and XMLHttpRequest
 * elsewhere): JSON or a file here, a saved download in ./download.ts, an upload with progress
 * in ./upload.ts; every failure is an ApiError.
 */
import { ApiError, isMessageKey, type ApiErrorBody, type FieldError } from './api';

/** Whatever came back as an error, as ApiErrorBody: only what our API would send is kept. */
function toErrorBody(payload: unknown): ApiErrorBody {
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  if (typeof record.error !== 'string') return { error: 'unrecognised_answer' };
  const fields = Array.isArray(record.fields)
    ? (record.fields as FieldError[]).filter((f) => typeof f?.field === 'string' && isMessageKey(f.message))
    : undefined;
  return {
    error: record.error,
    message: isMessageKey(record.message) ? record.message : undefined,
    fields,
    retryAfter: typeof record.retryAfter === 'number' ? record.retryAfter : undefined,
  };
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * What every call to our API asks for, whether it goes by fetch or (an upload with progress,
 * ./upload.ts) by XMLHttpRequest: JSON answers, and this site's cookies only (the admin
 * session; fetch's 'same-origin' is XMLHttpRequest's default). The admin guard's CSRF check
 * reads the Origin header, which the browser adds to both.
 */
export const API_ACCEPT = { accept: 'application/json' } as const;

/** A failure as the one error type: the API's own body when it sent one. */
export const answerError = (status: number, payload: unknown): ApiError =>
  new ApiError(status, toErrorBody(payload));

/** Nothing came back (offline, timeout, aborted). */
export const networkError = (): ApiError => new ApiError(0, { error: 'network' });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends one request to our API (JSON body, if any) and resolves with the answer whatever its
 * status; ApiError 'network' when none came. No `timeoutMs`: as long as it takes.
 */
export async function sendRequest(
  method: Method,
  url: string,
  body?: unknown,
  timeoutMs?: number,
): Promise<Response> {
  try {
    return await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { ...API_ACCEPT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw networkError();
  }
}

/** The answer's JSON; null when it has none (a 204, a proxy's page, a broken-off body). */
const jsonOf = (response: Response): Promise<unknown> => response.json().catch(() => null);

/** A fetched answer that is not a success, as ApiError. */
export const failureOf = async (response: Response): Promise<ApiError> =>
  answerError(response.status, await jsonOf(response));

/**
 * Calls our API with JSON in and out (cookies of this site included). Resolves with the
 * answer's JSON (undefined for 204); rejects with ApiError: the API's own error body, status 0
 * and 'network' when nothing came back (offline, timeout). A file: `./download.ts`.
 */
export async function apiRequest<T>(
  method: Method,
  url: string,
  body?: unknown,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  const response = await sendRequest(method, url, body, timeoutMs);
  if (!response.ok) throw await failureOf(response);
  return (response.status === 204 ? undefined : await jsonOf(response)) as T;
}
