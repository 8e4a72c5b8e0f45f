import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminSectionServer } from '~/platform/admin/area.server';
import type { SiteContent } from '~/platform/content/content-type';
import type { ContentFollower } from '~/platform/content/follower.server';
import type { Database } from '~/platform/db/schema';
import type { AppContext } from '~/platform/http/app-context.server';
import type { PersonalDataSource } from '~/platform/privacy/personal-data.server';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';

/**
 * What a feature gives the server. src/app/features.server.ts lists them; the app registers
 * their routes, their admin sections and runs their seeds. A feature never reaches into
 * another: what two features share lives in the platform.
 */
export interface ServerFeature {
  name: string;
  /** Its routes, at their full paths (its api.ts); errors go to the app's one handler. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Pages that come and go with published content (one per product on sale), besides the route table's. */
  pages?: (content: SiteContent) => string[];
  /** Its lists, actions and numbers in the admin area. */
  admin?: AdminSectionServer;
  /** Runs at every start after the migrations (e.g. the first content); must be idempotent. */
  seed?: (db: Kysely<Database>) => Promise<void>;
  /**
   * Tables that follow published content (the shop's products): `apply` runs in the publish's
   * own transaction, and at every start with what is published.
   */
  follows?: ContentFollower[];
  /** Its tables that hold personal data (platform/privacy): searched, exported, erased, purged. */
  personalData?: PersonalDataSource[];
  /** What the sender of a record sees and corrects through the private link in their e-mail. */
  selfService?: SelfServiceSource[];
  /**
   * What "send me my links" also sends to an address (the shop's order-history link), so one
   * ask brings every link a person has (issue 44: "My bookings"). Nothing for an unknown address.
   */
  sendLinks?: (ctx: AppContext, email: string, language: string) => Promise<void>;
}
