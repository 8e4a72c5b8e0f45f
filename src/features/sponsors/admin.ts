import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';

export const SPONSOR_STATUSES = ['new', 'contacted', 'accepted', 'declined'] as const;
export type SponsorStatus = (typeof SPONSOR_STATUSES)[number];

/** new → contacted → accepted or declined (the API refuses anything else with 409). */
export const SPONSOR_TRANSITIONS: Record<SponsorStatus, readonly Exclude<SponsorStatus, 'new'>[]> = {
  new: ['contacted'],
  contacted: ['accepted', 'declined'],
  accepted: [],
  declined: [],
};

export const SPONSOR_APPLICATIONS_LIST: AdminListDefinition = {
  name: 'sponsor-applications',
  filters: SPONSOR_STATUSES,
  filterGroup: 'sponsorStatus',
  byEdition: true,
};

export const SPONSOR_ADMIN_ENDPOINTS = {
  status: endpoint('/api/admin/sponsor-applications/:id/status'),
};

export interface SponsorApplicationRow {
  id: string;
  company_name: string;
  contact_person: string;
  email: string;
  phone: string | null;
  website: string | null;
  sponsorship_level: string;
  sponsorship_types: string[];
  budget_range: string;
  message: string | null;
  status: string;
  created_at: string;
}
