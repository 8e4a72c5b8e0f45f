/**
 * The one contract between the browser and our JSON API: every error answer (4xx and 5xx)
 * has the body `ApiErrorBody`, and the browser calls the API only through `apiRequest`,
 * which throws `ApiError` for anything but a success. Endpoint paths are written once, with
 * `endpoint()`, in the feature's shared `api.ts`, and used by both the server and the page.
 */

/** One field's problem: `field` is the dotted path ('' for the whole request), `message` a translation key. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  /** Machine-readable code, e.g. 'validation', 'not_found', 'rate_limited', 'transition_not_allowed'. */
  error: string;
  /** A translation key (`namespace:key`) that says it to a person, when there is one. */
  message?: string;
  /** With 'validation': one entry per field. */
  fields?: FieldError[];
  /** Seconds until a retry can succeed (with 429/503). */
  retryAfter?: number;
}

/** What the API answered when it was not a success; status 0 when it could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`API answered ${status} ${body.error}`);
  }

  get code(): string {
    return this.body.error;
  }

  /** True when the answer came from our API (a recognised error body), not from a proxy or the network. */
  get fromApi(): boolean {
    return this.status > 0 && this.body.error !== 'unrecognised_answer';
  }
}

/** Generic messages (common pack) for answers that have no more specific one. */
export const API_MESSAGES = {
  validation: 'common:apiErrors.validation',
  badRequest: 'common:apiErrors.badRequest',
  controlCharacters: 'common:apiErrors.controlCharacters',
  unknownFields: 'common:apiErrors.unknownFields',
  tooLarge: 'common:apiErrors.tooLarge',
  rateLimited: 'common:apiErrors.rateLimited',
  server: 'common:apiErrors.server',
  unavailable: 'common:apiErrors.unavailable',
} as const;

export const isMessageKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-zA-Z]+:[\w.]+$/.test(value);

export function toErrorBody(payload: unknown): ApiErrorBody {
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

/** A file the API answered with, and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  filename?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RequestOptions {
  /** Default 20 s for JSON; a file (`responseType: 'blob'`) may take as long as it needs. */
  timeoutMs?: number;
  responseType?: 'json' | 'blob';
}

/**
 * Calls our API with JSON in and out (cookies of this site included). Resolves with the
 * answer's JSON (undefined for 204), or with `responseType: 'blob'` the answer as a file
 * (`./download.ts` saves one); rejects with ApiError: the API's own error body, status 0 and
 * 'network' when nothing came back (offline, timeout).
 */
export function apiRequest<T>(
  method: Method,
  url: string,
  body?: unknown,
  options?: RequestOptions & { responseType?: 'json' },
): Promise<T>;
export function apiRequest(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions & { responseType: 'blob' },
): Promise<ApiFile>;
export async function apiRequest(
  method: Method,
  url: string,
  body?: unknown,
  {
    responseType = 'json',
    timeoutMs = responseType === 'json' ? DEFAULT_TIMEOUT_MS : undefined,
  }: RequestOptions = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { ...API_ACCEPT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw networkError();
  }
  if (response.ok && responseType === 'blob') {
    const disposition = response.headers.get('content-disposition') ?? '';
    try {
      return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] };
    } catch {
      throw networkError(); // the connection broke off during the file
    }
  }
  if (response.status === 204) return undefined;
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) throw answerError(response.status, payload);
  return payload;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface Endpoint<Path extends string> {
  /** The route as the server registers it, e.g. '/api/orders/:token'. */
  readonly path: Path;
  /** The address the browser calls, with the parameters filled in (and encoded). */
  url(...args: ParamNames<Path> extends never ? [] : [Record<ParamNames<Path>, string>]): string;
}

/** An API route written once for both sides. */
export function endpoint<Path extends string>(path: Path): Endpoint<Path> {
  return {
    path,
    url: (...args: unknown[]) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    },
  } as Endpoint<Path>;
}
