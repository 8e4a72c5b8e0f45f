import type { AdminListDefinition } from '~/platform/admin/section';
import { CAMPING_OPTIONS, type CampingOption, type ParticipationType } from './schema';

export const REGISTRATIONS_LIST: AdminListDefinition = {
  name: 'registrations',
  filters: CAMPING_OPTIONS,
  filterGroup: 'camping',
  byEdition: true,
};

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
  dietary_needs: string | null;
  accessibility_needs: string | null;
  notes: string | null;
  language: string;
  /** 'new', or 'cancelled' by the participant through their private link. */
  status: string;
  created_at: string;
}

/** The headcounts organisers plan with, in the dashboard's registration numbers. */
export const HEADCOUNTS = ['adults', 'children', 'tents', 'dayVisitors', 'competitors', 'helpers'] as const;
