import { z } from 'zod';
import { endpoint } from '~/platform/http/api';

/**
 * The check-in screen's API (issue 33). `/api/check-in/*` answers an admin's session or a
 * volunteer's check-in link (a cookie set by opening it); the links themselves are managed
 * under `/api/admin/check-in/*`, by admins only.
 */
export const CHECK_IN_ENDPOINTS = {
  /** The current edition's parties and the counts. */
  list: endpoint('/api/check-in'),
  /** Mark a party arrived: the first tick wins, a second one answers the first. */
  arrive: endpoint('/api/check-in/arrivals'),
  /** Undo an arrival (explicit; whoever made it). */
  undo: endpoint('/api/check-in/arrivals/:registrationId'),
  /** Opening a check-in link: sets the volunteer's cookie and goes to the screen. */
  open: endpoint('/api/check-in/open'),
  /** The volunteer ends their link on this phone. */
  leave: endpoint('/api/check-in/leave'),
  /** Admins only: who has arrived, with phones and (with consent) needs, to print (issue 43). */
  arrivalsPrint: endpoint('/api/admin/check-in/arrivals'),
  links: endpoint('/api/admin/check-in/links'),
  revokeLink: endpoint('/api/admin/check-in/links/:id/revoke'),
};

export const MAX_PARTY = 30;
const count = (key: string) =>
  z
    .number({ error: `checkIn:errors.${key}` })
    .int(`checkIn:errors.${key}`)
    .min(0, `checkIn:errors.${key}`)
    .max(MAX_PARTY, `checkIn:errors.${key}`);

export const arrivalSchema = z.strictObject({
  registrationId: z.uuid('checkIn:errors.party'),
  adults: count('adults'),
  children: count('children'),
  tents: count('tents'),
  /** When the volunteer ticked it (ISO), perhaps offline a while ago. */
  at: z.iso.datetime({ offset: true, error: 'checkIn:errors.at' }).optional(),
  /** The signature of a scanned QR code (platform/event/check-in-code.ts), checked when given. */
  code: z.string().max(40).optional(),
});

/** How long a check-in link lasts: a weekend at most. */
export const LINK_HOURS = [6, 12, 24, 48, 72] as const;
export const newLinkSchema = z.strictObject({
  label: z.string().trim().min(2, 'checkIn:errors.label').max(60, 'checkIn:errors.label'),
  hours: z.union(
    LINK_HOURS.map((h) => z.literal(h)),
    { error: 'checkIn:errors.hours' },
  ),
});

export interface Arrival {
  adults: number;
  children: number;
  tents: number;
  arrivedAt: string;
  by: string;
}

export interface Party {
  id: string;
  firstName: string;
  lastName: string;
  adults: number;
  children: number;
  /** Tents expected: one when they registered to camp in a tent. */
  tents: number;
  camping: string;
  status: string;
  arrival: Arrival | null;
}

export interface Headcount {
  parties: number;
  people: number;
  tents: number;
}

export interface CheckInList {
  edition: number | null;
  parties: Party[];
  expected: Headcount;
  arrived: Headcount;
  /** Who is checking in: an admin, or a link (with its label and end). */
  you: { kind: 'admin' | 'link'; label: string; expiresAt: string | null };
  /** When the server answered (the screen shows how fresh its saved copy is). */
  at: string;
}

/** One arrived party on the printed arrivals list. */
export interface ArrivedParty {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** As counted at the gate. */
  adults: number;
  children: number;
  tents: number;
  arrivedAt: string;
  /** Only when the registration records the consent to them (health data); else null. */
  dietaryNeeds: string | null;
  accessibilityNeeds: string | null;
}

export interface ArrivalsPrint {
  edition: number | null;
  parties: ArrivedParty[];
  /** When the server made the list: printed on it. */
  printedAt: string;
}

export interface ArrivalAnswer {
  /** False when the party had already arrived (another phone was first): `arrival` is that one. */
  created: boolean;
  arrival: Arrival;
}

export interface CheckInLinkRow {
  id: string;
  label: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface NewLinkAnswer {
  id: string;
  url: string;
  expiresAt: string;
}
