import { z } from 'zod';
import { endpoint } from '~/platform/http/api';

// Issue 30: the admin area shows one edition of the event at a time. Registrations and
// sponsor applications belong to an edition (platform/event/editions.server.ts); their lists,
// CSV files, dashboard numbers and the registrations chart take `?edition=`: a published
// edition's number, or 'none' (rows sent after an edition had ended). Without it, the
// edition of the published event facts.

export const EDITIONS_ENDPOINT = endpoint('/api/admin/editions');

/** `?edition=` for rows that belong to no edition. */
export const NO_EDITION = 'none';

/** The edition asked for, as sent; whether it exists is checked by the server. */
export const editionParam = z
  .string()
  .trim()
  .regex(/^(none|[1-9][0-9]{0,5})$/, { error: 'admin:editions.errors.unknown' })
  .optional();

/** What the edition choice offers: the current edition, every published one (newest first). */
export interface EditionChoices {
  current: number;
  editions: Array<{ edition: number; year: number }>;
  /** Rows of edition-bound lists that belong to no edition (the choice offers them when > 0). */
  none: number;
}

/** The edition an address asks for (`?edition=`) if it is one of the choices, else the current one. */
export function chosenEdition(choices: EditionChoices, params: URLSearchParams): string {
  const offered = [
    ...choices.editions.map(({ edition }) => String(edition)),
    ...(choices.none > 0 ? [NO_EDITION] : []),
  ];
  const asked = params.get('edition');
  return asked !== null && offered.includes(asked) ? asked : String(choices.current);
}
