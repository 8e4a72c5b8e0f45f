import type { FastifyBaseLogger } from 'fastify';
import { contentOf } from '~/platform/content/content-type';
import { initialContent } from '~/platform/content/initial.server';
import { useMailContacts } from '~/platform/mail/contacts.server';
import { contactsContent } from '~/platform/site-content/contacts';
import { eventContent } from '~/platform/site-content/event';
import { nextPhaseChange } from '~/platform/event/phase';
import { ContentService } from '~/platform/content/service.server';
import { seedContent } from '~/platform/content/store.server';
import { upgradeContent } from '~/platform/content/upgrade.server';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { erasureScrubber } from '~/platform/db/scrub.server';
import { CONTENT_TYPES } from './content-types';
import { migrateDatabase } from './migrations/index.server';
import { contentFollowers, SERVER_FEATURES } from './features.server';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * What every start does before serving (the server and the tests alike): migrate, run the
 * features' seeds, put the first content in place where there is none, and load the
 * published content the pages are rendered from.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  log: Log,
  /** The clock the pages' event phase is read against (tests fix it before the weekend). */
  now: () => Date = () => new Date(),
): Promise<ContentService> {
  const applied = await migrateDatabase(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  // An erasure whose scrub was cut short (the process stopped) is scrubbed before serving;
  // later ones by the database's scrubber, off the requests' path (scrub.server.ts).
  const scrubber = erasureScrubber(database);
  scrubber.configure({ log });
  const scrubbed = await scrubber.now();
  if (scrubbed.tables.length > 0) log.info(scrubbed, 'erased data scrubbed from the files');
  for (const feature of SERVER_FEATURES) await feature.seed?.(database.db);
  const seeded = await seedContent(
    database.db,
    CONTENT_TYPES.map((type) => ({ type, initial: () => initialContent(type.id) })),
  );
  if (seeded.length > 0) log.info({ types: seeded }, 'first content in place');
  // Documents stored by an earlier release, in an older shape, are brought up to this one's.
  const upgraded = await upgradeContent(database.db, CONTENT_TYPES);
  if (upgraded.length > 0) log.info({ types: upgraded }, 'content upgraded to this release');
  // Registration opens and closes, and the weekend ends, without a publish: pages follow.
  const content = new ContentService(database, databaseUrl, log, {
    now,
    nextChange: (site, at) => nextPhaseChange(contentOf(site, eventContent), at),
  });
  await content.start();
  // Tables that follow published content (a publish brings them in line too).
  for (const follower of contentFollowers(SERVER_FEATURES)) {
    await follower.apply(database.db, content.content.documents[follower.type.id]);
  }
  useMailContacts(() => contentOf(content.content, contactsContent));
  return content;
}
