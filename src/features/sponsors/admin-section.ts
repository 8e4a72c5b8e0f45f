import type { AdminSection } from '~/platform/admin/section';
import { SPONSOR_APPLICATIONS_LIST } from './admin';
import { SponsorApplicationAdminCard } from './SponsorApplicationAdminCard';

/** Sponsor applications: how many are new, and the list. */
export const sponsorsSection: AdminSection = {
  name: 'sponsors',
  tiles: [{ key: 'new', label: 'stats.newSponsors', alert: true }],
  lists: [{ list: SPONSOR_APPLICATIONS_LIST, Row: SponsorApplicationAdminCard, waiting: 'new' }],
};
