import { readFileSync } from 'node:fs';
import type { SiteContacts } from '~/platform/site-content/contacts';

/**
 * The organisers' contact details that every e-mail's footer shows: the published content
 * 'contacts', handed over at start (src/app/prepare.server.ts) so the mail code needs no
 * access to the content service; before that (tests of the layout alone), the first content.
 */
let current: () => SiteContacts = () =>
  JSON.parse(
    readFileSync(new URL('../../../content/initial/contacts.json', import.meta.url), 'utf8'),
  ) as SiteContacts;

export function useMailContacts(contacts: () => SiteContacts): void {
  current = contacts;
}

export function mailContacts(): SiteContacts {
  return current();
}
