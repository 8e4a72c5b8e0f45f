import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Money columns hold integer pence (GBP). Column names follow
 * docs/PRODUCT.md (Data model) where the spec names them.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface DeliveryAddress {
  street: string;
  city: string;
  postal_code: string;
  country: string;
}

export type OrderStatus =
  'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'expired';
export type PaymentStatus = 'pending' | 'paid' | 'failed';

interface ProductsTable {
  id: string;
  category: string;
  name_lt: string;
  name_en: string;
  price_pence: number;
  currency: Generated<string>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Timestamp;
}

interface BbqOrdersTable {
  id: Generated<string>;
  order_number: string;
  public_token: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: Json<DeliveryAddress | null> | null;
  delivery_cost: Generated<number>;
  notes: string | null;
  total_amount: number;
  currency: Generated<string>;
  order_status: Generated<OrderStatus>;
  payment_status: Generated<PaymentStatus>;
  language: Generated<string>;
  payment_provider: string | null;
  payment_session_id: string | null;
  checkout_started_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** The customer pressed Cancel on the checkout page (the order stays pending). */
  checkout_cancelled_at: Timestamp | null;
  /** Payment arrived after the order was cancelled or expired: the admin must look. */
  payment_flagged: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface BbqOrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  product_price: number;
  total_price: number;
}

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

interface CommunityMembershipsTable {
  id: Generated<string>;
  community_name: string;
  membership_type: string;
  payment_amount: Generated<number>;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

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

/** A party's arrival at the campsite (features/check-in): one per registration, first tick wins. */
interface CheckInsTable {
  registration_id: string;
  adults: number;
  children: number;
  tents: number;
  /** When the volunteer ticked it (on the phone, maybe offline). */
  arrived_at: Timestamp;
  /** When the server stored it. */
  recorded_at: CreatedAt;
  by_admin_id: string | null;
  by_link_id: string | null;
  /** Who ticked it, as shown: the admin's e-mail or the check-in link's label. */
  by_label: string;
}

/** Short-lived links to the check-in screen for volunteers (only the token's hash). */
interface CheckInLinksTable {
  id: Generated<string>;
  token_hash: string;
  label: string;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
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

interface PaymentEventsTable {
  event_id: string;
  provider: string;
  type: string;
  order_id: string | null;
  received_at: CreatedAt;
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

/** An organisers' message to a group of an edition's registrations (features/participant-messages). */
interface ParticipantMessagesTable {
  id: Generated<string>;
  edition: number | null;
  audience: string;
  subject_lt: string;
  subject_en: string;
  body_lt: string;
  body_en: string;
  /** 'draft' (editable) → 'sending' (its mails being handed to the outbox) → 'sent' (all handed over). */
  status: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The idempotency key of the send request that started it: a repeat of it is answered, not acted on. */
  send_key: string | null;
  sent_by: string | null;
  send_started_at: Timestamp | null;
  /** When the last of its mails was handed to the outbox. */
  queued_at: Timestamp | null;
  recipient_count: Generated<number>;
}

/** One registration a message goes to (at most once), and the outbox mail it was handed to. */
interface ParticipantMessageRecipientsTable {
  message_id: string;
  registration_id: string;
  language: string;
  outbox_id: string | null;
  queued_at: Timestamp | null;
}

/** Tables an erasure touched, until their files are scrubbed (platform/db/scrub.server.ts). */
interface ScrubPendingTable {
  id: Generated<number>;
  table_name: string;
  marked_at: Generated<Date>;
}

export interface Database {
  products: ProductsTable;
  bbq_orders: BbqOrdersTable;
  bbq_order_items: BbqOrderItemsTable;
  contacts: ContactsTable;
  community_memberships: CommunityMembershipsTable;
  admin_users: AdminUsersTable;
  admin_invitations: AdminInvitationsTable;
  registrations: RegistrationsTable;
  registration_changes: RegistrationChangesTable;
  sponsor_applications: SponsorApplicationsTable;
  mail_outbox: MailOutboxTable;
  sign_in_throttle: SignInThrottleTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  payment_events: PaymentEventsTable;
  app_settings: AppSettingsTable;
  content_documents: ContentDocumentsTable;
  content_versions: ContentVersionsTable;
  editions: EditionsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  self_service_links: SelfServiceLinksTable;
  scrub_pending: ScrubPendingTable;
  check_ins: CheckInsTable;
  check_in_links: CheckInLinksTable;
  participant_messages: ParticipantMessagesTable;
  participant_message_recipients: ParticipantMessageRecipientsTable;
}

export type Order = Selectable<BbqOrdersTable>;
export type NewOrder = Insertable<BbqOrdersTable>;
export type NewOrderItem = Insertable<BbqOrderItemsTable>;
