/**
 * The one contract between the browser and our JSON API: every error answer (4xx and 5xx)
 * has the body `ApiErrorBody`, and the browser calls the API only through `./request.ts`
 * (`apiRequest`, with `./download.ts` and `./upload.ts` beside it), which throws `ApiError`
 * for anything but a success. Endpoint paths are written once, with `endpoint()`, in the
 * feature's shared `api.ts`, and used by both the server and the page. (The calling is in its
 * own module so that a page that only names an endpoint does not load it.)
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
