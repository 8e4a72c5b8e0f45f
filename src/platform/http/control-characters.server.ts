import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES, type FieldError } from './api';
import { CONTROL_CHARACTERS } from './control-characters';
import { HttpError } from './errors.server';

/** The dotted path of the first string (or key) with a control character, or null. */
function findControlCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], path, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTERS.test(key)) return path;
    const found = findControlCharacter(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** 400 'validation', the usual body, naming the field that carried the character. */
function controlCharacterError(field: string): HttpError {
  const fields: FieldError[] = [{ field, message: API_MESSAGES.controlCharacters }];
  return new HttpError(400, 'validation', { message: API_MESSAGES.validation, fields });
}

function check(request: FastifyRequest) {
  // Query string and path parameters (already decoded), then the parsed body (JSON or form).
  for (const part of [request.query, request.params, request.body]) {
    const field = findControlCharacter(part);
    if (field !== null) throw controlCharacterError(field);
  }
}

/**
 * The one place every endpoint refuses control characters in its input: a hook on the root
 * instance, so it runs for every route (features and admin area alike) before validation.
 * Raw bodies (the Stripe webhook's signed Buffer) are left alone.
 */
export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => check(request));
}
