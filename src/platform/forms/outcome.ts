import { createContext } from 'react-router';
import type { FieldError } from '~/platform/http/api';
import type { FormReply } from './submission';

/**
 * What a public form's route action answers (decision 0039), the same with or without
 * scripts: without them React Router renders the page with it (`useActionData`); with them
 * React Router hands it to the form after its scripted submission. A success that moves on is a 303 instead (`next` once the
 * route's `clientAction` has caught it, so the form can carry state along).
 */
export type FormAnswer =
  | { status: 'sent' }
  /** `reply`: conform's answer, what was typed and each field's errors (message keys). */
  | { status: 'invalid'; reply: FormReply }
  /** `retryAfter`: seconds until a refused post may be tried again (too many attempts). */
  | { status: 'rejected'; code: number; reply: FormReply; message: string; retryAfter?: number }
  /** `receipt`: what the store hands a scripted form (an order's token), which a 303 cannot carry. */
  | { status: 'next'; location: string; receipt?: Receipt }
  /** What the page's own store answered, for the page to show (a record opened by its link). */
  | { status: 'answered'; result: unknown }
  /** Only in the browser: our server did not answer (the form offers the e-mail fallback). */
  | { status: 'unreachable' };

/** The hidden field people never see; bots fill in anything called like a URL. */
export const HONEYPOT_FIELD = 'homepage';

/** The fields as the browser posted them: text, or a list for repeated names (checkbox groups). */
export type SubmittedValues = Record<string, string | string[]>;

/** What a store tells the scripted form about the record it made (an order's token and number). */
export type Receipt = Record<string, string>;

/** Why a post was not taken: the status, the translated reason or the fields' errors. */
export interface Rejection {
  status: number;
  message: string;
  fields?: FieldError[];
  retryAfter?: number;
}

/** What the server gives a form's route action (set by the renderer for a page post). */
export interface FormServices {
  /**
   * Stores a valid submission with the feature's own store (the JSON API's too): the address
   * to go on to, when the store decides it (an order's payment page), or why it was refused
   * (registration closed, the database away), decided where the error was thrown.
   */
  store(
    data: unknown,
  ): Promise<
    { next?: string; receipt?: Receipt } | { result: unknown; status?: number } | { rejection: Rejection }
  >;
  /** Posted by the form's scripts (`<page>.data`) rather than by the browser itself. */
  scripted: boolean;
  /** Refused before the action ran (too many posts, a body too large, not a form): its answer. */
  rejection?: Rejection;
  /** The bot trap's fill time (FORM_MIN_FILL_MS): a form sent sooner is dropped as spam. */
  minFillMs: number;
  /** The request's logger (spam dropped, failures). */
  log: Record<'info' | 'warn' | 'error', (object: object, message: string) => void>;
}

/** The router context key the renderer sets for a form posted to its page; null otherwise. */
export const formServicesContext = createContext<FormServices | null>(null);

const isRedirect = (error: unknown): error is Response =>
  error instanceof Response && error.status >= 300 && error.status < 400;

/**
 * A form route's `clientAction`: the server's answer, or `unreachable` when anything but our
 * server's own answer came back (no network, a proxy's 502 page, a server error), so the
 * form hands the details to the visitor's e-mail client and nothing typed is lost.
 */
export async function formClientAction(serverAction: () => Promise<unknown>): Promise<FormAnswer> {
  try {
    const answer = (await serverAction()) as FormAnswer | undefined;
    return answer && typeof answer.status === 'string' ? answer : { status: 'unreachable' };
  } catch (error) {
    if (isRedirect(error)) return { status: 'next', location: error.headers.get('location') ?? '/' };
    return { status: 'unreachable' };
  }
}

/**
 * A form route's `shouldRevalidate`: a form's post changes nothing its page shows (the page
 * is published content), so its loader is not fetched again; a failed fetch then would put
 * the page's error screen in place of the form and what was typed.
 */
export const formShouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) => (formMethod ? false : defaultShouldRevalidate);
