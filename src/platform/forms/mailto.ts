import { followLink } from '~/platform/ui/follow-link';
import { detailsToText, type DetailRow } from './details';

/** A mailto: link to the organisers (`to`) carrying the form's details as plain text. */
export function buildMailto(
  to: string,
  subject: string,
  rows: readonly DetailRow[],
  notProvided: string,
): string {
  const params = new URLSearchParams({ subject, body: detailsToText(rows, notProvided) });
  return `mailto:${to}?${params.toString().replace(/\+/g, '%20')}`;
}

/**
 * Opens the visitor's e-mail client. A real link click (rather than assigning
 * window.location) keeps the page, and what was typed into the form, in place.
 */
export function openMailClient(href: string): void {
  followLink(href);
}
