/**
 * What the log may say about a request's address (issue 19, finding 10). Addresses carry
 * bearer secrets: order tokens (`/api/orders/<token>`, `/order-success?order_id=<token>`),
 * order-history links (`?link=…`, valid 24 h), TEST MODE checkout sessions
 * (`/pay/test/<session>`). The logger's request serializer (app.server.ts) writes every
 * address through `redactUrl`:
 * - every query value is replaced, except a few harmless ones (the language, a filter);
 * - the path segment after `/api/orders/` and `/pay/test/` is replaced, and so is any
 *   other segment that looks like a random token (16+ URL-safe characters mixing cases or
 *   letters and digits; UUIDs, our internal row ids, are kept).
 */

const REDACTED = '[redacted]';

const KEPT_QUERY = new Set(['lang', 'kategorija', 'page', 'status']);
const NAMED_ORDER_ROUTES = new Set(['lookup', 'history', 'history-link']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_LIKE = /^[A-Za-z0-9_~.=-]{16,}$/;

function looksLikeToken(segment: string): boolean {
  if (!TOKEN_LIKE.test(segment) || UUID.test(segment)) return false;
  const upper = /[A-Z]/.test(segment);
  const lower = /[a-z]/.test(segment);
  const digit = /\d/.test(segment);
  return (upper && lower) || (digit && (upper || lower));
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathname.split('/');
  const redacted = segments.map((segment, index) => {
    const parent = segments.slice(0, index).join('/');
    if (segment === '') return segment;
    if (parent === '/api/orders' && !NAMED_ORDER_ROUTES.has(segment)) return REDACTED;
    if (parent === '/pay/test') return REDACTED;
    return looksLikeToken(decodeSafe(segment)) ? REDACTED : segment;
  });
  let result = redacted.join('/');
  if (queryAt !== -1) {
    const query = url
      .slice(queryAt + 1)
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        if (equals === -1) return pair;
        const key = pair.slice(0, equals);
        return KEPT_QUERY.has(decodeSafe(key)) ? pair : `${key}=${REDACTED}`;
      });
    result += `?${query.join('&')}`;
  }
  return result;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
