import { followLink } from '~/platform/ui/follow-link';
import { failureOf, networkError, sendRequest } from './request';

/** A file the API answered with, and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  filename?: string;
}

/**
 * GETs a file from our API, as `apiRequest` does JSON (the same headers, cookies and
 * ApiError), without its timeout: a backup takes as long as it takes. Apart from
 * `apiRequest` so that the public pages, which download nothing, do not load it.
 */
export async function apiFile(url: string): Promise<ApiFile> {
  const response = await sendRequest('GET', url);
  if (!response.ok) throw await failureOf(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  try {
    return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] };
  } catch {
    throw networkError(); // the connection broke off during the file
  }
}

/**
 * Downloads a file from our API and saves it as the browser saves any download, under the
 * name the answer gives (else `fallbackName`). Fetched first, so a refusal is an ApiError the
 * page can show as a message, not a saved error page.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<Required<ApiFile>> {
  const { blob, filename = fallbackName } = await apiFile(url);
  const href = URL.createObjectURL(blob);
  followLink(href, filename);
  // Revoked later: the browser may still be reading it when the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { blob, filename };
}
