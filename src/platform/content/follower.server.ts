import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type { ContentType } from './content-type';

/**
 * A table that follows published content (the shop's products, the editions): `apply` runs in
 * the publish's own transaction, and at every start with what is published.
 */
export interface ContentFollower {
  type: ContentType;
  apply: (db: Kysely<Database>, published: unknown) => Promise<void>;
}
