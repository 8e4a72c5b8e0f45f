import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed, expiring token of an 'E-mail me my orders' link: base64url JSON payload
 * (e-mail address, expiry) and an HMAC-SHA256 over it with the app secret. Nothing is
 * stored; the link simply stops working when it expires.
 */
export const HISTORY_LINK_VALID_HOURS = 24;
const PURPOSE = 'order-history-link.v1';

interface Payload {
  e: string;
  x: number;
}

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');

export function signHistoryToken(email: string, secret: string, now = Date.now()): string {
  const payload: Payload = {
    e: email.toLowerCase(),
    x: Math.floor(now / 1000) + HISTORY_LINK_VALID_HOURS * 3600,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(encoded, secret)}`;
}

export type HistoryTokenResult =
  { ok: true; email: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyHistoryToken(token: string, secret: string, now = Date.now()): HistoryTokenResult {
  const match = /^([A-Za-z0-9_-]{10,800})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, encoded, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload.e !== 'string' || typeof payload.x !== 'number') return { ok: false, reason: 'invalid' };
  if (payload.x * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, email: payload.e, expiresAt: new Date(payload.x * 1000) };
}
