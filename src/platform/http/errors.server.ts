import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_MESSAGES, type ApiErrorBody, type FieldError } from './api';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '~/platform/db/connection-errors.server';

/**
 * An error the API answers with its status and body (see ApiErrorBody in ./api.ts). Throw it
 * from any route; the app's one error handler sends it.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly extra: Omit<ApiErrorBody, 'error'> = {},
  ) {
    super(extra.message ?? code);
  }
}

export const notFound = () => new HttpError(404, 'not_found');

const MESSAGE_KEY = /^[a-zA-Z]+:[\w.]+$/;

/**
 * One error per field (the first issue wins). A message that is a translation key is kept;
 * anything else (zod's own English) becomes the generic "bad request" key.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const isUnknown = issue.code === 'unrecognized_keys';
    const field = isUnknown
      ? ''
      : issue.path
          .map(String)
          .join('.')
          .replace(/\.\d+$/, '');
    if (seen.has(field)) continue;
    const message = isUnknown
      ? API_MESSAGES.unknownFields
      : MESSAGE_KEY.test(issue.message)
        ? issue.message
        : API_MESSAGES.badRequest;
    seen.set(field, message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** 400 'validation' with the fields, as every endpoint answers bad input. */
export function validationError(error: z.ZodError): HttpError {
  return new HttpError(400, 'validation', {
    message: API_MESSAGES.validation,
    fields: toFieldErrors(error.issues),
  });
}

/** Parses with zod; bad input throws 400 'validation' (never a 500, nothing written). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The app's one error handler. Our HttpErrors carry their answer; what a client sends wrong
 * (malformed JSON, wrong content type, oversize body, too many requests) is a 4xx with a
 * generic message key; only our own failures are 5xx, logged, with nothing internal shown.
 */
export function apiErrorHandler(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    const body: ApiErrorBody = { error: error.code, ...error.extra };
    if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
    return reply.code(error.statusCode).send(body);
  }
  if (isDatabaseUnavailable(error)) {
    // The database connection was cut or refused: nothing was acknowledged, retry later.
    request.log.warn({ err: error }, 'database unavailable');
    const body: ApiErrorBody = {
      error: 'unavailable',
      message: API_MESSAGES.unavailable,
      retryAfter: DATABASE_RETRY_AFTER_S,
    };
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(body);
  }
  const status = error.statusCode ?? 500;
  let body: ApiErrorBody;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    body = { error: status === 503 ? 'unavailable' : 'internal_error', message: API_MESSAGES.server };
    return reply.code(status === 503 ? 503 : 500).send(body);
  }
  if (status === 429) body = { error: 'rate_limited', message: API_MESSAGES.rateLimited };
  else if (status === 413) body = { error: 'payload_too_large', message: API_MESSAGES.tooLarge };
  else if (status === 404) body = { error: 'not_found' };
  else body = { error: 'bad_request', message: API_MESSAGES.badRequest };
  return reply.code(status >= 400 ? status : 400).send(body);
}
