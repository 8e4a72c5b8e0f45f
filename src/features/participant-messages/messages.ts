import { z } from 'zod';
import type { ParticipantGroup } from '~/platform/event/participants';
import { endpoint } from '~/platform/http/api';

// Messages to participants (issue 32): shared by the admin page and the API.

/**
 * Who gets a message: groups of the edition's registrations, in the one vocabulary of the
 * admin's numbers (platform/event/participants.ts; issue 43). Each label says whether the
 * waiting list is in it. Another group is one more name here (it must be a group there) and
 * its label `participantMessages:audiences.<name>` in both packs.
 */
export const AUDIENCES = [
  'registered',
  'confirmed',
  'camping',
  'waiting',
  'arrived',
  'notArrived',
] as const satisfies readonly ParticipantGroup[];
export type Audience = (typeof AUDIENCES)[number];

/** An audience now: its registrations, and the e-mail addresses they make (one mail each). */
export interface AudienceCount {
  registrations: number;
  addresses: number;
}

/** A message's life: editable draft → its mails being handed to the outbox → all handed over. */
export type MessageStatus = 'draft' | 'sending' | 'sent';

export const PARTICIPANT_MESSAGE_ENDPOINTS = {
  /** GET: the edition's messages with their progress, and each audience's count. POST: a new draft. */
  messages: endpoint('/api/admin/participant-messages'),
  /** GET: one message with its progress. PUT: change a draft. DELETE: a draft. */
  message: endpoint('/api/admin/participant-messages/:id'),
  /** POST { subject, body }: both languages rendered as the e-mail will be. */
  preview: endpoint('/api/admin/participant-messages/preview'),
  /** POST { idempotencyKey }: send a draft (once; a repeat of the same request is only answered). */
  send: endpoint('/api/admin/participant-messages/:id/send'),
};

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string(tooShort).trim().min(min, tooShort).max(max, tooLong);

const subject = text(
  3,
  150,
  'participantMessages:errors.subjectShort',
  'participantMessages:errors.subjectLong',
);
const body = text(10, 5000, 'participantMessages:errors.bodyShort', 'participantMessages:errors.bodyLong');

/** What the organiser writes: the subject and body in both languages (plain text, paragraphs). */
export const messageTextsSchema = z.strictObject({
  subject: z.strictObject({ lt: subject, en: subject }),
  body: z.strictObject({ lt: body, en: body }),
});
export type MessageTexts = z.infer<typeof messageTextsSchema>;

export const draftSchema = messageTextsSchema.extend({
  audience: z.enum(AUDIENCES, 'participantMessages:errors.audience'),
});
export type DraftInput = z.input<typeof draftSchema>;
export type Draft = z.output<typeof draftSchema>;

export const sendSchema = z.strictObject({
  /** Made once per "send" the organiser confirms: the same request again sends nothing more. */
  idempotencyKey: z.string().trim().min(16).max(100),
});

/** Where a message's mails are: sent, waiting in the outbox (or not yet handed to it), failed. */
export interface MessageProgress {
  total: number;
  sent: number;
  queued: number;
  failed: number;
}

export interface MessageRow {
  id: string;
  edition: number | null;
  audience: Audience;
  subject: { lt: string; en: string };
  body: { lt: string; en: string };
  status: MessageStatus;
  created_at: string;
  send_started_at: string | null;
  queued_at: string | null;
  progress: MessageProgress;
}

export interface MessagesAnswer {
  edition: number | null;
  messages: MessageRow[];
  /** How many each audience would reach now. */
  counts: Record<Audience, AudienceCount>;
}

interface RenderedPreview {
  subject: string;
  html: string;
  text: string;
}
export type PreviewAnswer = Record<'lt' | 'en', RenderedPreview>;
