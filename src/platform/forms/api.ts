import { ApiError, type FieldError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';

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

export async function submitForm(url: string, body: unknown): Promise<SubmitResult> {
  try {
    const answer = await apiRequest<{ ok?: unknown } | undefined>('POST', url, body);
    return answer?.ok === true ? { kind: 'ok' } : { kind: 'unreachable', reason: 'unexpected answer' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { status, body: answer } = error;
    if (status === 400 && answer.error === 'validation' && answer.fields) {
      return { kind: 'invalid', fields: answer.fields };
    }
    if (status >= 400 && status < 500 && answer.message) {
      return { kind: 'rejected', status, message: answer.message };
    }
    return { kind: 'unreachable', reason: status === 0 ? answer.error : `HTTP ${status}` };
  }
}
