import { adminAreaSection } from '~/features/admin/admin-section';
import { contactSection } from '~/features/contact/admin-section';
import { membershipsSection } from '~/features/memberships/admin-section';
import { registrationSection } from '~/features/registration/admin-section';
import { shopSection } from '~/features/shop/admin-section';
import { sponsorsSection } from '~/features/sponsors/admin-section';
import type { AdminSection } from '~/platform/admin/section';

/** The dashboard's sections, in the order of SERVER_FEATURES (features.server.ts). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  shopSection,
  contactSection,
  membershipsSection,
  registrationSection,
  sponsorsSection,
  adminAreaSection,
];
