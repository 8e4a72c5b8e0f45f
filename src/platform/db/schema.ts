import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Money columns hold integer pence (GBP). Column names follow
 * docs/PRODUCT.md (Data model) where the spec names them.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Json<T> = ColumnType<T, string, string>;

/** Owners manage the team (invite, deactivate, roles); admins do everything else. */
export type AdminRole = 'owner' | 'admin';

interface AdminUsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  password_hash: string;
  is_active: Generated<boolean>;
  /** 'admin' unless made by setup or the command line, or made an owner by an owner. */
  role: Generated<AdminRole>;
  last_login_at: Timestamp | null;
  created_at: CreatedAt;
}

interface AdminInvitationsTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  language: Generated<string>;
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_admin_id: string | null;
  cancelled_at: Timestamp | null;
}

interface MailOutboxTable {
  id: Generated<string>;
  template: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  related_table: string | null;
  related_id: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** Sent automatically to a visitor's (unconfirmed) address after a form: limited per day. */
  auto_reply: Generated<boolean>;
  /** Inline images the HTML shows by `cid:` (a confirmation's QR code); null: none. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
}

/** An inline image of an e-mail, its bytes in base64. */
export interface MailAttachment {
  cid: string;
  filename: string;
  contentType: string;
  base64: string;
}

/** Failed sign-ins per client address and per e-mail+address pair (features/admin/login.server.ts). */
interface SignInThrottleTable {
  key: string;
  failures: Generated<number>;
  blocked_until: Timestamp | null;
  updated_at: Timestamp;
}

interface SessionsTable {
  id_hash: string;
  admin_user_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

interface AuditLogTable {
  id: Generated<string>;
  actor_admin_id: string | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Json<Record<string, unknown>> | null;
  created_at: CreatedAt;
}

interface AppSettingsTable {
  key: string;
  value: string;
}

interface ContentDocumentsTable {
  type: string;
  draft: unknown;
  draft_version: Generated<number>;
  draft_saved_at: Generated<Date>;
  draft_saved_by: string | null;
  published: unknown;
  published_version: Generated<number>;
  published_at: Generated<Date>;
  published_by: string | null;
  /** The version of its type's shape the draft, the published data and every kept version are in. */
  schema_version: Generated<number>;
}

/** Each edition of the event with its dates as last published (follows the event facts). */
interface EditionsTable {
  edition: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  updated_at: Generated<Date>;
}

interface ContentVersionsTable {
  type: string;
  version: number;
  data: unknown;
  published_at: Generated<Date>;
  published_by: string | null;
}

interface MediaTable {
  id: Generated<string>;
  sha256: string;
  original_name: string;
  width: number;
  height: number;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

interface MediaVariantsTable {
  media_id: string;
  name: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** A private link to one record for the person who sent it (platform/privacy/self-service-links.server.ts). */
interface SelfServiceLinksTable {
  token_hash: string;
  record_table: string;
  record_id: string;
  email: string;
  language: Generated<string>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** Tables an erasure touched, until their files are scrubbed (platform/db/scrub.server.ts). */
interface ScrubPendingTable {
  id: Generated<number>;
  table_name: string;
  marked_at: Generated<Date>;
}

export interface Database {
  admin_users: AdminUsersTable;
  admin_invitations: AdminInvitationsTable;
  mail_outbox: MailOutboxTable;
  sign_in_throttle: SignInThrottleTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  app_settings: AppSettingsTable;
  content_documents: ContentDocumentsTable;
  content_versions: ContentVersionsTable;
  editions: EditionsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  self_service_links: SelfServiceLinksTable;
  scrub_pending: ScrubPendingTable;
}
