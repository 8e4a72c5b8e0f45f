// The participant-messages feature's tables, added to the one Database type by declaration merging: the
// platform's schema names no feature table (docs/ARCHITECTURE.md, "The layers").
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '~/platform/db/schema';

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

declare module '~/platform/db/schema' {
  interface Database {
    participant_messages: ParticipantMessagesTable;
    participant_message_recipients: ParticipantMessageRecipientsTable;
  }
}
