import { z } from 'zod';
import type { AdminListDefinition } from '~/platform/admin/section';
import { endpoint } from '~/platform/http/api';

// Community memberships: kept by the organisers in the admin area only (no public page).

export const MEMBERSHIP_STATUSES = ['new', 'paid', 'resolved'] as const;

export const MEMBERSHIPS_LIST: AdminListDefinition = {
  name: 'memberships',
  filters: MEMBERSHIP_STATUSES,
  filterGroup: 'membershipStatus',
};

export const MEMBERSHIP_ENDPOINTS = {
  create: endpoint('/api/admin/memberships'),
  update: endpoint('/api/admin/memberships/:id'),
};

/** Pounds as typed by a person ("25", "12.5", "12,50") → integer pence. */
export const poundsToPence = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

/** Pence → the amount field's text ("12.50"). */
export const penceToPounds = (pence: number) => (pence / 100).toFixed(2);

/** The dialog's form and the API: messages are keys of the admin pack (`form.errors.*`). */
export const membershipSchema = z.object({
  // Each text's own message when left empty too (conform reads an empty field as missing).
  communityName: z
    .string({ error: 'admin:form.errors.communityMin' })
    .trim()
    .min(2, 'admin:form.errors.communityMin')
    .max(200, 'admin:form.errors.textLong'),
  membershipType: z
    .string({ error: 'admin:form.errors.typeMin' })
    .trim()
    .min(2, 'admin:form.errors.typeMin')
    .max(100, 'admin:form.errors.textLong'),
  paymentAmount: z
    .string({ error: 'admin:form.errors.amountInvalid' })
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'admin:form.errors.amountInvalid'),
  status: z.enum(MEMBERSHIP_STATUSES, 'admin:form.errors.statusRequired'),
});
export type MembershipInput = z.input<typeof membershipSchema>;

export interface MembershipRow {
  id: string;
  community_name: string;
  membership_type: string;
  payment_amount: number;
  status: string;
  created_at: string;
}
