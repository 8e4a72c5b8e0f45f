// The check-in feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '~/platform/db/schema';

/** A party's arrival at the campsite (features/check-in): one per registration, first tick wins. */
interface CheckInsTable {
  registration_id: string;
  adults: number;
  children: number;
  tents: number;
  /** When the volunteer ticked it (on the phone, maybe offline). */
  arrived_at: Timestamp;
  /** When the server stored it. */
  recorded_at: CreatedAt;
  by_admin_id: string | null;
  by_link_id: string | null;
  /** Who ticked it, as shown: the admin's e-mail or the check-in link's label. */
  by_label: string;
}

/** Short-lived links to the check-in screen for volunteers (only the token's hash). */
interface CheckInLinksTable {
  id: Generated<string>;
  token_hash: string;
  label: string;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

declare module '~/platform/db/schema' {
  interface Database {
    check_ins: CheckInsTable;
    check_in_links: CheckInLinksTable;
  }
}
