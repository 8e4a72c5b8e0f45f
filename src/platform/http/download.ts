import { followLink } from '~/platform/ui/follow-link';
import { apiRequest, type ApiFile } from './api';

/**
 * Downloads a file from our API and saves it as the browser saves any download, under the
 * name the answer gives (else `fallbackName`). Fetched first, so a refusal is an ApiError the
 * page can show as a message, not a saved error page.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<Required<ApiFile>> {
  const { blob, filename = fallbackName } = await apiRequest('GET', url, undefined, { responseType: 'blob' });
  const href = URL.createObjectURL(blob);
  followLink(href, filename);
  // Revoked later: the browser may still be reading it when the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { blob, filename };
}
