import { z } from 'zod';
import { editionParam } from '~/platform/admin/edition';
import { PARTICIPANT_GROUPS } from '~/platform/event/participants';
import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';
import type { RegistrationChange } from './changes';
import { CAMPING_OPTIONS, type CampingOption, type Diet, type ParticipationType } from './schema';

/**
 * The list's filters: the groups of the one vocabulary (issue 43: each shows the registrations
 * its dashboard number counts; `camping` is the stay filter "tent"), then the ways of staying.
 */
const LIST_GROUPS = PARTICIPANT_GROUPS.filter((group) => group !== 'camping');

export const REGISTRATIONS_LIST: AdminListDefinition = {
  name: 'registrations',
  filters: [...LIST_GROUPS, ...CAMPING_OPTIONS],
  filterGroup: 'registrationFilter',
  byEdition: true,
};

export const REGISTRATION_ADMIN_ENDPOINTS = {
  /** POST { ids } (those picked) or { all: true, edition? } (every new one of it): → { confirmed }. */
  confirm: endpoint('/api/admin/registrations/confirm'),
  /** POST { id }: the organisers cancel one (its place goes to the first waiting) → { cancelled }. */
  cancel: endpoint('/api/admin/registrations/cancel'),
};

export const cancelRequestSchema = z.strictObject({ id: z.uuid() });

/** At most this many picked at once (a page of the list is 20). */
const MAX_PICKED = 500;

export const confirmRequestSchema = z.union([
  z.strictObject({ ids: z.array(z.uuid()).min(1).max(MAX_PICKED) }),
  z.strictObject({ all: z.literal(true), edition: editionParam }),
]);

// Stored values the headcounts count.
export const COMPETITOR_TYPE: ParticipationType = 'compete';
export const HELPER_TYPE: ParticipationType = 'help_organise';
/** Day visitors: registrations staying for the day only (adults and children counted). */
export const DAY_CAMPING: CampingOption = 'day_only';

export interface RegistrationRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  participation_types: string[];
  camping: string;
  adults: number;
  children: number;
  /** How many of the party keep each special diet (issue 47). */
  diets: Record<Diet, number>;
  dietary_needs: string | null;
  accessibility_needs: string | null;
  notes: string | null;
  language: string;
  /**
   * 'new', 'confirmed' by the organisers, 'cancelled' (by the participant or the organisers);
   * 'waiting', 'offered' a freed place, or 'expired' (issue 32).
   */
  status: string;
  confirmed_at: string | null;
  /** Its number on the waiting list (status 'waiting'). */
  waiting_position: number | null;
  /** Until when the place offered is held (status 'offered'). */
  offer_expires_at: string | null;
  /** When the party was checked in at the gate. */
  arrived_at: string | null;
  created_at: string;
  /** What its participant changed from their private link, oldest first (issue 32). */
  changes: RegistrationChange[];
  /** Changed after the organisers confirmed it: what they confirmed is no longer what stands. */
  changed_since_confirmed: boolean;
}

/**
 * The edition's numbers in the one vocabulary (platform/event/participants.ts), as the
 * dashboard shows them: each names what it counts.
 */
export const EDITION_NUMBERS = [
  'registrations',
  'people',
  'confirmed',
  'unconfirmed',
  'waiting',
  'cancelled',
  'arrived',
  'all',
] as const;

/** The headcounts organisers plan with, of those registered (the waiting list not included). */
export const HEADCOUNTS = [
  'adults',
  'children',
  'tents',
  'pitches',
  'dayVisitors',
  'competitors',
  'helpers',
] as const;
