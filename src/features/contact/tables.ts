// The contact feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '~/platform/db/schema';

interface ContactsTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  category: string;
  status: Generated<'new' | 'resolved'>;
  language: Generated<string>;
  created_at: CreatedAt;
  resolved_at: Timestamp | null;
}

declare module '~/platform/db/schema' {
  interface Database {
    contacts: ContactsTable;
  }
}
