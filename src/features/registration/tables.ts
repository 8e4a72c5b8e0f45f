// The registration feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '~/platform/db/schema';

interface RegistrationsTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  participation_types: Json<string[]>;
  camping: string;
  adults: Generated<number>;
  children: Generated<number>;
  /** How many of the party keep each special diet (schema.ts, DIETS; issue 47). */
  diet_vegetarian: Generated<number>;
  diet_vegan: Generated<number>;
  diet_halal: Generated<number>;
  diet_no_pork: Generated<number>;
  diet_gluten_free: Generated<number>;
  diet_allergy: Generated<number>;
  dietary_needs: string | null;
  accessibility_needs: string | null;
  notes: string | null;
  agreed_to_rules: boolean;
  /** What the person agreed to: the exact text shown and when (features/registration/consents.ts). */
  consents: ColumnType<Record<string, { text: string; at: string }>, string | undefined, string>;
  /** The end of the event registered for, as published when sent (rows from before editions). */
  event_ends_at: Timestamp | null;
  /** The edition registered for (platform/event/editions.server.ts); null: sent after it ended. */
  edition: number | null;
  /**
   * 'new', 'confirmed' by the organisers, 'cancelled' (by the participant or the organisers);
   * over the event's limits 'waiting', then 'offered' a freed place, 'expired' if not taken
   * (features/registration/places.server.ts).
   */
  status: Generated<string>;
  /** When the organisers confirmed it (status 'confirmed'); who, in the audit log. */
  confirmed_at: Timestamp | null;
  /** When it joined the waiting list: its place in the line. */
  waitlisted_at: Timestamp | null;
  /** Until when a freed place offered to it is held (status 'offered'). */
  offer_expires_at: Timestamp | null;
  /** SHA-256 (base64url) of the token in the offer's accept link. */
  offer_token_hash: string | null;
  language: Generated<string>;
  created_at: CreatedAt;
}

/** One field a registration's participant (or the organisers) changed: before → after, when, by whom. */
interface RegistrationChangesTable {
  id: Generated<string>;
  registration_id: string;
  changed_at: Timestamp;
  /** The self-service field's name ('adults', 'participationType', 'status'…). */
  field: string;
  /** Stored values as text (a list as its values joined by commas); null: empty. */
  before: string | null;
  after: string | null;
  changed_by: 'participant' | 'organiser';
}

/** The food estimate's setting per edition (issue 47); an edition without a row: the default. */
interface FoodSettingsTable {
  edition: number;
  grams_per_person: number;
  updated_at: Generated<Date>;
}

declare module '~/platform/db/schema' {
  interface Database {
    food_settings: FoodSettingsTable;
    registrations: RegistrationsTable;
    registration_changes: RegistrationChangesTable;
  }
}
