/**
 * Follows a link as a click on it would (a new page, a mail client, or with `download` a
 * saved file), leaving the current page and what was typed into it in place.
 */
export function followLink(href: string, download?: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  if (download !== undefined) link.download = download;
  document.body.append(link);
  link.click();
  link.remove();
}
