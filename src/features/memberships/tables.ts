// The memberships feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '~/platform/db/schema';

interface CommunityMembershipsTable {
  id: Generated<string>;
  community_name: string;
  membership_type: string;
  payment_amount: Generated<number>;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

declare module '~/platform/db/schema' {
  interface Database {
    community_memberships: CommunityMembershipsTable;
  }
}
