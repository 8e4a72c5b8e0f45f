// The sponsors feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated } from 'kysely';
import type { CreatedAt, Json } from '~/platform/db/schema';

interface SponsorApplicationsTable {
  id: Generated<string>;
  company_name: string;
  contact_person: string;
  email: string;
  phone: string | null;
  website: string | null;
  sponsorship_level: string;
  sponsorship_types: Json<string[]>;
  budget_range: string;
  message: string | null;
  /** The edition applied for (platform/event/editions.server.ts); null: sent after it ended. */
  edition: number | null;
  status: Generated<'new' | 'contacted' | 'accepted' | 'declined'>;
  language: Generated<string>;
  created_at: CreatedAt;
}

declare module '~/platform/db/schema' {
  interface Database {
    sponsor_applications: SponsorApplicationsTable;
  }
}
