// The rota feature's tables, added to the one Database type by declaration merging.
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '~/platform/db/schema';

interface RotaTasksTable {
  id: Generated<string>;
  edition: number;
  title_lt: string;
  title_en: string;
  created_at: CreatedAt;
}

interface RotaSlotsTable {
  id: Generated<string>;
  task_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** How many helpers the slot needs. */
  helpers: number;
}

interface RotaHelpersTable {
  id: Generated<string>;
  slot_id: string;
  registration_id: string;
  added_by: 'organiser' | 'participant';
  created_at: CreatedAt;
}

declare module '~/platform/db/schema' {
  interface Database {
    rota_tasks: RotaTasksTable;
    rota_slots: RotaSlotsTable;
    rota_helpers: RotaHelpersTable;
  }
}
