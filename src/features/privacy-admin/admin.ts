import { z } from 'zod';
import { endpoint } from '~/platform/http/api';
import type { PrivacyAction, PrivacyTableRows } from '~/platform/privacy/types';

/**
 * The organisers' privacy tools (the admin area's /admin/privacy page): everything stored
 * about one e-mail address, its export (a subject access request) and its erasure, plus the
 * retention periods and when each kind of record is next purged.
 */
export const PRIVACY_ADMIN_ENDPOINTS = {
  /** GET ?email=: every row about the address, per table. */
  search: endpoint('/api/admin/privacy/search'),
  /** GET ?email=: the same as a JSON file to hand to the person. */
  export: endpoint('/api/admin/privacy/export'),
  /** POST {email}: what erasing would change, per table (nothing is changed). */
  preview: endpoint('/api/admin/privacy/preview'),
  /** POST {email}: erases (deletes or anonymises) in one transaction; audited. */
  erase: endpoint('/api/admin/privacy/erase'),
  /** GET: the retention periods, the next run and what is due then. */
  retention: endpoint('/api/admin/privacy/retention'),
  /** POST: runs the retention job now. */
  retentionRun: endpoint('/api/admin/privacy/retention/run'),
};

export const PRIVACY_ADMIN_MESSAGES = {
  email: 'admin:privacy.errors.email',
};

export const privacyEmailSchema = z.object({
  email: z
    .string({ message: PRIVACY_ADMIN_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, { message: PRIVACY_ADMIN_MESSAGES.email })
    .pipe(z.email({ message: PRIVACY_ADMIN_MESSAGES.email })),
});

export interface PrivacySearchResult {
  email: string;
  tables: PrivacyTableRows[];
}

export interface PrivacyPreview {
  email: string;
  tables: { table: string; action: PrivacyAction; count: number }[];
}

export interface PrivacyErasure {
  /** Quoted in the audit log and to the person: which request this was (no address kept). */
  reference: string;
  tables: { table: string; action: PrivacyAction; count: number }[];
}
