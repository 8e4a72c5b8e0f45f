import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_MESSAGES, type ApiErrorBody, type FieldError } from './api';
import {
  DATABASE_RETRY_AFTER_S,
  isDatabaseUnavailable,
  isStorageFull,
  STORAGE_FULL_RETRY_AFTER_S,
} from '~/platform/db/connection-errors.server';

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

/** The status and body the API answers an error with (also a form route action's rejection). */
export function errorAnswer(
  error: FastifyError | HttpError,
  request: { log: Record<'warn' | 'error', (object: object, message: string) => void> },
): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { error: error.code, ...error.extra } };
  }
  if (isDatabaseUnavailable(error)) {
    // The database connection was cut or refused: nothing was acknowledged, retry later.
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      body: { error: 'unavailable', message: API_MESSAGES.unavailable, retryAfter: DATABASE_RETRY_AFTER_S },
    };
  }
  if (isStorageFull(error)) {
    // The disk is full (issue 28, finding 3): nothing was stored; an operator must free space.
    request.log.error({ err: error }, 'the disk is full: nothing can be stored');
    return {
      status: 503,
      body: {
        error: 'unavailable',
        message: API_MESSAGES.unavailable,
        retryAfter: STORAGE_FULL_RETRY_AFTER_S,
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return status === 503
      ? { status, body: { error: 'unavailable', message: API_MESSAGES.server } }
      : { status: 500, body: { error: 'internal_error', message: API_MESSAGES.server } };
  }
  if (status === 429) return { status, body: { error: 'rate_limited', message: API_MESSAGES.rateLimited } };
  if (status === 413) return { status, body: { error: 'payload_too_large', message: API_MESSAGES.tooLarge } };
  if (status === 404) return { status, body: { error: 'not_found' } };
  return {
    status: status >= 400 ? status : 400,
    body: { error: 'bad_request', message: API_MESSAGES.badRequest },
  };
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
  const { status, body } = errorAnswer(error, request);
  // Too many requests: the rate limit has set Retry-After; the body says it too (the forms show it).
  const limitedFor = status === 429 ? Math.ceil(Number(reply.getHeader('retry-after'))) : 0;
  if (!body.retryAfter && limitedFor > 0) body.retryAfter = limitedFor;
  if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
  return reply.code(status).send(body);
}
