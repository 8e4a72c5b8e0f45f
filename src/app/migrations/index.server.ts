import type { Kysely, Migration } from 'kysely';
import { migrate } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { initial } from './0001_initial.server';
import { shop } from './0003_shop.server';
import { admin } from './0004_admin.server';
import { content } from './0010_content.server';
import { abuse } from './0011_abuse.server';
import { adminTeam } from './0013_admin_team.server';
import { privacy } from './0014_privacy.server';
import { editions } from './0015_editions.server';
import { adminRoles } from './0016_admin_roles.server';
import { erasureScrub } from './0017_erasure_scrub.server';
import { rateLimits } from './0018_rate_limits.server';
import { contentSchemaVersion } from './0020_content_schema_version.server';
import { registrationConfirmed } from './0021_registration_confirmed.server';
import { registrationChanges } from './0022_registration_changes.server';
import { placesWaitingList } from './0023_places_waiting_list.server';
import { participantMessages } from './0024_participant_messages.server';
import { checkIn } from './0025_check_in.server';
import { outboxRelatedIndex } from './0026_outbox_related_index.server';
import { messageAudiencesAtTheGate } from './0027_message_audiences_at_the_gate.server';
import { foodCounts } from './0028_food_counts.server';
import { rota } from './0029_rota.server';

/**
 * Versioned migrations, applied in name order at start by Kysely's Migrator (each in a
 * transaction; already-applied ones are skipped). Add new ones at the end; never edit an
 * applied migration. They live in the app, the one layer that knows every feature's tables.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0003_shop': shop,
  '0004_admin': admin,
  '0010_content': content,
  '0011_abuse': abuse,
  '0013_admin_team': adminTeam,
  '0014_privacy': privacy,
  '0015_editions': editions,
  '0016_admin_roles': adminRoles,
  '0017_erasure_scrub': erasureScrub,
  '0018_rate_limits': rateLimits,
  '0020_content_schema_version': contentSchemaVersion,
  '0021_registration_confirmed': registrationConfirmed,
  '0022_registration_changes': registrationChanges,
  '0023_places_waiting_list': placesWaitingList,
  '0024_participant_messages': participantMessages,
  '0025_check_in': checkIn,
  '0026_outbox_related_index': outboxRelatedIndex,
  '0027_message_audiences_at_the_gate': messageAudiencesAtTheGate,
  '0028_food_counts': foodCounts,
  '0029_rota': rota,
};

/** Brings a database to this release's shape; returns the migrations it applied. */
export function migrateDatabase(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, migrations);
}
