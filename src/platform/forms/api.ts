import type { FieldError } from './schema';

/**
 * What became of a form sent to our API. Only a recognised answer from our own server
 * counts as "reached": anything else (no network, timeout, 5xx, a proxy's error page, a
 * missing API) is `unreachable`, and the form then hands the details to the visitor's
 * e-mail client so nothing they typed is lost.
 */
export type SubmitResult =
  | { kind: 'ok' }
  | { kind: 'invalid'; fields: FieldError[] }
  | { kind: 'rejected'; status: number; message: string }
  | { kind: 'unreachable'; reason: string };

const TIMEOUT_MS = 20_000;

const isMessageKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-zA-Z]+:[\w.]+$/.test(value);

export async function submitForm(url: string, body: unknown): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
  let payload: Record<string, unknown> | null = null;
  try {
    payload = (await response.json()) as Record<string, unknown>;
  } catch {
    payload = null;
  }
  if (response.ok && payload?.ok === true) return { kind: 'ok' };
  if (response.status === 400 && payload?.error === 'validation' && Array.isArray(payload.fields)) {
    const fields = (payload.fields as FieldError[]).filter(
      (f) => typeof f?.field === 'string' && isMessageKey(f.message),
    );
    return { kind: 'invalid', fields };
  }
  if (response.status >= 400 && response.status < 500 && isMessageKey(payload?.message)) {
    return { kind: 'rejected', status: response.status, message: payload.message };
  }
  return { kind: 'unreachable', reason: `HTTP ${response.status}` };
}
